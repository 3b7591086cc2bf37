/*
 * STUB until the products module lands (branch `products`): the functions the tickets module reads.
 */
import type { DbOrTx } from '../../platform/database/database.js';

export interface ProductSummary {
  id: string;
  code: string;
  name: string;
  unit: string | null;
  status: 'ACTIVE' | 'INACTIVE';
}

/** Products by id (those that exist). */
export async function productsByIds(_db: DbOrTx, _ids: readonly string[]): Promise<Map<string, ProductSummary>> {
  return new Map();
}

/** What product unit each EPC is (absent: none). */
export async function productUnitsOfEpcs(_db: DbOrTx, _epcs: readonly string[]): Promise<Map<string, { productId: string; productCode: string; units: number; via: 'link' | 'gtin' }>> {
  return new Map();
}
