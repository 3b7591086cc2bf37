import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../platform/errors/app-error.js';
import { decideProduct, productModel, type ProductCommand, type ProductState } from './product.js';
import type { ProductFields } from '../products.events.js';

const ID = '0190c3a4-0000-7000-8000-000000000001';
const FIELDS: ProductFields = { code: 'PR000001', name: 'Giày chạy', unit: 'pcs', quantityPerBox: 12, supplierId: null, gtin: '00614141000036' };

const fold = (state: ProductState, cmd: ProductCommand) => decideProduct(state, cmd).reduce(productModel.evolve, state);
const code = (state: ProductState, cmd: ProductCommand) => {
  try {
    decideProduct(state, cmd);
    return 'none';
  } catch (e) {
    return (e as AppError).code;
  }
};

describe('product decider', () => {
  const created = fold(productModel.initial, { kind: 'create', productId: ID, fields: FIELDS });

  it('creates an active product with its fields, once', () => {
    assert.deepEqual(created, { exists: true, active: true, fields: FIELDS });
    assert.equal(code(created, { kind: 'create', productId: ID, fields: FIELDS }), 'ID_EXISTS');
  });

  it('refuses every change of a product that does not exist', () => {
    for (const cmd of [{ kind: 'update', productId: ID, fields: FIELDS }, { kind: 'deactivate', productId: ID }, { kind: 'activate', productId: ID }] as const) {
      assert.equal(code(productModel.initial, cmd), 'PRODUCT_NOT_FOUND');
    }
  });

  it('updates only what changes', () => {
    assert.deepEqual(decideProduct(created, { kind: 'update', productId: ID, fields: FIELDS }), []);
    const events = decideProduct(created, { kind: 'update', productId: ID, fields: { ...FIELDS, quantityPerBox: 24 } });
    assert.deepEqual(events.map((e) => e.type), ['ProductUpdated']);
    assert.equal(events.reduce(productModel.evolve, created).fields!.quantityPerBox, 24);
  });

  it('deactivates and activates, each only when it changes the status, and an update keeps the status', () => {
    const inactive = fold(created, { kind: 'deactivate', productId: ID });
    assert.equal(inactive.active, false);
    assert.deepEqual(decideProduct(inactive, { kind: 'deactivate', productId: ID }), []);
    assert.equal(fold(inactive, { kind: 'update', productId: ID, fields: { ...FIELDS, name: 'Khác' } }).active, false);
    assert.deepEqual(decideProduct(created, { kind: 'activate', productId: ID }), []);
    assert.deepEqual(
      decideProduct(inactive, { kind: 'activate', productId: ID }).map((e) => e.type),
      ['ProductActivated'],
    );
  });
});
