import type { ProductStatus } from '@rfid/contracts';

export interface ProductsTable {
  id: string;
  code: string;
  name: string;
  unit: string | null;
  quantity_per_box: number;
  supplier_id: string | null;
  gtin: string | null;
  status: ProductStatus;
  /** What the list's text search compares (vietnamese-text): code, name and GTIN. */
  search_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The tags linked to products now: a BOX tag counts as the product's quantity per box. */
export interface ProductTagsTable {
  tag_code: string;
  product_id: string;
  box: boolean;
  linked_at: Date;
}

/** The tables the products module owns. Other modules read them through `products.public.ts`. */
export interface ProductsTables {
  products: ProductsTable;
  product_tags: ProductTagsTable;
}

declare module '../../platform/database/schema.js' {
  interface Database extends ProductsTables {}
}
