import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MASTER_DATA_KEYS } from '../catalogue-names.js';
import { ALL_PERMISSIONS } from '../permissions.js';
import {
  createMasterDataItemRequest,
  MASTER_DATA_CATALOGUES,
  masterDataListQuery,
  updateMasterDataItemRequest,
} from './master-data.js';

const zones = createMasterDataItemRequest('zones');
const seasons = createMasterDataItemRequest('seasons');
const rule = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; code: string }[] } }) =>
  r.success ? undefined : r.error!.issues.map((i) => `${i.path.join('.')}:${i.code}`);

describe('master-data rules', () => {
  it('the catalogue list names each catalogue once, with SPEC routes and existing permission codes', () => {
    assert.deepEqual(MASTER_DATA_CATALOGUES.map((c) => c.key).sort(), [...MASTER_DATA_KEYS].sort());
    assert.deepEqual(
      MASTER_DATA_CATALOGUES.map((c) => c.path),
      ['season-no', 'stage-no', 'size', 'zone', 'category', 'customer', 'type', 'gender'].map((r) => `/master-data/${r}`),
    );
    for (const c of MASTER_DATA_CATALOGUES) {
      for (const code of Object.values(c.permissions)) assert.ok(ALL_PERMISSIONS.includes(code), `${code} exists`);
    }
    assert.equal(MASTER_DATA_CATALOGUES.find((c) => c.key === 'seasons')!.permissions.list, 'MASTER_DATA_SESSION_LIST');
    assert.deepEqual(MASTER_DATA_CATALOGUES.filter((c) => c.zoneCode).map((c) => c.key), ['zones']);
  });

  it('a zone id is 2 to 100 uppercase letters and digits', () => {
    assert.deepEqual(rule(zones.safeParse({ code: 'A', name: 'n' })), ['code:too_small']);
    assert.deepEqual(rule(zones.safeParse({ code: 'A'.repeat(101), name: 'n' })), ['code:too_big']);
    assert.deepEqual(rule(zones.safeParse({ code: 'a1', name: 'n' })), ['code:invalid_format']);
    assert.deepEqual(rule(zones.safeParse({ code: 'A-1', name: 'n' })), ['code:invalid_format']);
    assert.equal(zones.parse({ code: ' Z1 ', name: 'n' }).code, 'Z1');
    assert.equal(zones.parse({ code: 'Z'.repeat(100), name: 'n' }).code.length, 100);
  });

  it('other codes are 1 to 50 letters, digits, dots, underscores and dashes', () => {
    assert.equal(seasons.parse({ code: 'ss-26.a_b', name: 'n' }).code, 'ss-26.a_b');
    assert.deepEqual(rule(seasons.safeParse({ code: '', name: 'n' })), ['code:too_small', 'code:invalid_format']);
    assert.deepEqual(rule(seasons.safeParse({ code: 'x'.repeat(51), name: 'n' })), ['code:too_big']);
    assert.deepEqual(rule(seasons.safeParse({ code: 'a b', name: 'n' })), ['code:invalid_format']);
    assert.deepEqual(rule(seasons.safeParse({ code: 'mùa', name: 'n' })), ['code:invalid_format']);
  });

  it('the name is required, trimmed, not blank and at most 50 characters; the description at most 50', () => {
    assert.deepEqual(rule(seasons.safeParse({ code: 'a' })), ['name:invalid_type']);
    assert.deepEqual(rule(seasons.safeParse({ code: 'a', name: '   ' })), ['name:too_small']);
    assert.deepEqual(rule(seasons.safeParse({ code: 'a', name: 'n'.repeat(51) })), ['name:too_big']);
    assert.equal(seasons.parse({ code: 'a', name: '  Xuân Hè  ' }).name, 'Xuân Hè');
    assert.deepEqual(rule(seasons.safeParse({ code: 'a', name: 'n', description: 'd'.repeat(51) })), ['description:too_big']);
    assert.equal(seasons.parse({ code: 'a', name: 'n', description: null }).description, null);
  });

  it('status is ACTIVE or INACTIVE: ACTIVE when a create leaves it out, unchanged when an update does', () => {
    assert.equal(seasons.parse({ code: 'a', name: 'n' }).status, 'ACTIVE');
    assert.equal(updateMasterDataItemRequest('seasons').parse({ code: 'a', name: 'n' }).status, undefined);
    assert.deepEqual(rule(seasons.safeParse({ code: 'a', name: 'n', status: 'DELETED' })), ['status:invalid_value']);
  });

  it('the list takes SPEC page sizes, a search of at least 2 characters and sort field:direction', () => {
    assert.deepEqual(masterDataListQuery.parse({}), { page: 1, size: 10, sort: { field: 'name', dir: 'asc' } });
    assert.deepEqual(rule(masterDataListQuery.safeParse({ q: 'a' })), ['q:too_small']);
    assert.deepEqual(rule(masterDataListQuery.safeParse({ size: '15' })), ['size:custom']);
    assert.deepEqual(rule(masterDataListQuery.safeParse({ sort: 'description:asc' })), ['sort:custom']);
    assert.deepEqual(masterDataListQuery.parse({ sort: 'updatedAt:desc', status: 'INACTIVE' }).sort, { field: 'updatedAt', dir: 'desc' });
  });
});
