import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API } from './index.js';
import { apiPath, defaultSortOf } from './api-route.js';

describe('the API table read by the browser', () => {
  it("a list's default order is its query's: the screen marks the column the server sorts by", () => {
    assert.equal(defaultSortOf(API.users.list), 'createdAt:desc');
    assert.equal(defaultSortOf(API.masterData.zones.list), 'name:asc');
    assert.equal(defaultSortOf(API.inventory.inventory), 'productCode:asc');
    assert.equal(defaultSortOf(API.auth.login), undefined, 'a route without a query has no order');
  });

  it("a record's path has its parameters filled in, encoded; a missing one is an error, not a wrong call", () => {
    assert.equal(apiPath(API.readers.unassign, { id: 'r 1', userId: 'u/2' }), '/readers/r%201/users/u%2F2');
    assert.throws(() => apiPath(API.readers.unassign, { id: 'r1' }), /no value for :userId/);
  });
});
