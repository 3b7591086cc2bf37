import { PRODUCT_FIELD_KEYS } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { ProductEvent, ProductFields } from '../products.events.js';

export interface ProductState {
  exists: boolean;
  active: boolean;
  fields: ProductFields | null;
}

export const productModel: StreamModel<ProductState, ProductEvent> = {
  streamType: 'product',
  streamId: (id) => `product-${id}`,
  initial: { exists: false, active: false, fields: null },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated':
      case 'ProductUpdated': {
        const { productId: _id, ...fields } = event.data;
        return { ...state, exists: true, active: event.type === 'ProductCreated' ? true : state.active, fields };
      }
      case 'ProductDeactivated':
        return { ...state, active: false };
      case 'ProductActivated':
        return { ...state, active: true };
    }
  },
};

export type ProductCommand =
  | { kind: 'create'; productId: string; fields: ProductFields }
  | { kind: 'update'; productId: string; fields: ProductFields }
  | { kind: 'deactivate'; productId: string }
  | { kind: 'activate'; productId: string };

const FIELD_KEYS = PRODUCT_FIELD_KEYS.filter((k): k is keyof ProductFields => k !== 'status');

export function sameFields(a: ProductFields, b: ProductFields): boolean {
  return FIELD_KEYS.every((f) => a[f] === b[f]);
}

/**
 * The rules of a product's life. Whether the supplier exists and is active, and whether the code and
 * the GTIN are free, are the command handler's (other read models; the unique indexes are the last
 * word). Here: an unknown product is PRODUCT_NOT_FOUND, an update that changes nothing emits nothing,
 * deactivating an inactive product or activating an active one changes nothing.
 */
export function decideProduct(state: ProductState, cmd: ProductCommand): ProductEvent[] {
  const { productId } = cmd;
  if (cmd.kind === 'create') {
    if (state.exists) throw new AppError('ID_EXISTS');
    return [{ type: 'ProductCreated', data: { productId, ...cmd.fields } }];
  }
  if (!state.exists) throw new AppError('PRODUCT_NOT_FOUND', { productId });
  const code = state.fields!.code;
  switch (cmd.kind) {
    case 'update':
      return sameFields(state.fields!, cmd.fields) ? [] : [{ type: 'ProductUpdated', data: { productId, ...cmd.fields } }];
    case 'deactivate':
      return state.active ? [{ type: 'ProductDeactivated', data: { productId, code } }] : [];
    case 'activate':
      return state.active ? [] : [{ type: 'ProductActivated', data: { productId, code } }];
  }
}
