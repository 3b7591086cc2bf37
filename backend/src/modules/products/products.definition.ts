import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import * as migration0030 from './migrations/0030-products.js';
import { productsProjection } from './projections/products.projection.js';
import type { ProductsTables } from './products.tables.js';

/** The products module's tables (the products, the tags linked to them), its migration and its inline projection. */
export const productsModule: ModuleDefinition = {
  name: 'products',
  tables: ['products', 'product_tags'] satisfies (keyof ProductsTables)[],
  migrations: { '0030-products': migration0030 },
  projections: [productsProjection],
};

// Re-exported so that whoever imports the definition also loads the tables' declaration merging into Database.
export type { ProductsTables } from './products.tables.js';
