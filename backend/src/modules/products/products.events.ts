/*
 * The products module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { ProductFieldValues } from '@rfid/contracts';

/** What a product is: the values of its fields but the status, which has events of its own. */
export type ProductFields = Omit<ProductFieldValues, 'status'>;

/** Creation and update carry every field, so a read model never needs the stream's history. */
export type ProductEvent =
  | { type: 'ProductCreated'; data: { productId: string } & ProductFields }
  | { type: 'ProductUpdated'; data: { productId: string } & ProductFields }
  | { type: 'ProductDeactivated'; data: { productId: string; code: string } }
  | { type: 'ProductActivated'; data: { productId: string; code: string } };
