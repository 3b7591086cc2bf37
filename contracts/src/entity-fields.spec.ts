import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { defineEntityFields, fieldFilters, fieldKeys, filterShape, pickFields, referenceFields, requestShape, searchedKeys, sortableKeys, viewShape } from './entity-fields.js';
import { issueErrorCode } from './schemas/common.js';

/** A product as the next modules might declare it: one of each kind. */
const PRODUCT = defineEntityFields({
  code: { kind: 'code', max: 10, pattern: /^[A-Za-z0-9-]+$/, patternMessage: 'letters, digits and - only', label: 'products.code', form: false, column: 'sortable', search: true, excel: { header: { vi: 'Mã', en: 'Code' }, width: 12 } },
  name: { kind: 'text', max: 5, blank: 'NAME_MUST_BE_NOT_BLANK', label: 'products.name', column: 'sortable', excel: { header: { vi: 'Tên', en: 'Name' }, width: 20 } },
  note: { kind: 'text', max: 5, label: 'products.note', search: true, excel: { header: { vi: 'Ghi chú', en: 'Note' }, width: 20 } },
  seasonId: {
    kind: 'reference',
    catalogue: 'seasons',
    name: 'seasonName',
    blank: 'SEASON_MUST_BE_NOT_BLANK',
    notFound: 'SEASON_NOT_FOUND',
    inactive: 'SEASON_NOT_FOUND_OR_INACTIVE',
    label: 'products.season',
    column: true,
    filter: { param: 'season' },
    excel: { header: { vi: 'Mùa', en: 'Season' }, width: 22 },
  },
  side: { kind: 'enum', values: ['LEFT', 'RIGHT'], notFound: 'SIDE_NOT_FOUND', label: 'products.side', filter: {}, excel: { header: { vi: 'Bên', en: 'Side' }, width: 10 } },
});
const request = z.object(requestShape(PRODUCT));
const SEASON = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** The first error code of each field a request breaks. */
const codes = (input: unknown) => {
  const r = request.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), issueErrorCode(i as never) ?? i.code]).reverse());
};

describe('entity field tables', () => {
  it('a request follows each field: blank codes, ids, enum values in any case, codes upper-case, blank optional values null', () => {
    assert.deepEqual(request.parse({ code: ' ab-1 ', name: ' Áo ', note: '  ', seasonId: SEASON.toUpperCase(), side: 'left' }), {
      code: 'AB-1',
      name: 'Áo',
      note: null,
      seasonId: SEASON,
      side: 'LEFT',
    });
    assert.deepEqual(request.parse({ name: 'Áo', seasonId: SEASON }), { code: null, name: 'Áo', note: null, seasonId: SEASON, side: null });
    assert.deepEqual(codes({ name: ' ', seasonId: '' }), { name: 'NAME_MUST_BE_NOT_BLANK', seasonId: 'SEASON_MUST_BE_NOT_BLANK' });
    assert.deepEqual(codes({ code: 'a b', name: 'Áo', note: 'quá dài', seasonId: 'Xuân', side: 'UP' }), {
      code: 'invalid_format',
      note: 'too_big',
      seasonId: 'SEASON_NOT_FOUND',
      side: 'SIDE_NOT_FOUND',
    });
  });

  it('the view carries each reference followed by its name; filters, sort keys and references come from the table', () => {
    assert.deepEqual(Object.keys(viewShape(PRODUCT)), ['code', 'name', 'note', 'seasonId', 'seasonName', 'side']);
    assert.deepEqual(Object.keys(filterShape(PRODUCT)), ['season', 'side']);
    assert.deepEqual(
      fieldFilters(PRODUCT).map((f) => [f.param, f.key]),
      [
        ['season', 'seasonId'],
        ['side', 'side'],
      ],
    );
    assert.deepEqual(sortableKeys(PRODUCT), ['code', 'name']);
    assert.deepEqual(searchedKeys(PRODUCT), ['code', 'note']);
    assert.deepEqual(
      referenceFields(PRODUCT).map((r) => [r.key, r.catalogue]),
      [['seasonId', 'seasons']],
    );
    assert.deepEqual(fieldKeys(PRODUCT), ['code', 'name', 'note', 'seasonId', 'side']);
    assert.deepEqual(pickFields(PRODUCT, { code: 'A', name: 'B', note: null, seasonId: SEASON, side: null, extra: 1 }), { code: 'A', name: 'B', note: null, seasonId: SEASON, side: null });
  });
});
