import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogueReference, defineEntityFields, issueErrorCode } from '@rfid/contracts';
import { entityColumns, exportCells, importRowSchema } from './entity-sheet.js';
import { fieldChanges } from './entity-changes.js';
import { columnOf, rowOf, searchKeyOf, valuesOf } from './entity-columns.js';
import { referenceProblems, resolveReferenceTexts, type ReferencedItem } from './references.js';

const PRODUCT = defineEntityFields({
  code: { kind: 'code', max: 10, pattern: /^[A-Z0-9]+$/i, patternMessage: 'letters and digits', label: 'products.code', search: true, excel: { header: { vi: 'Mã', en: 'Code' }, width: 12 } },
  name: { kind: 'text', max: 20, blank: 'NAME_MUST_BE_NOT_BLANK', label: 'products.name', search: true, excel: { header: { vi: 'Tên', en: 'Name' }, width: 20 } },
  seasonId: catalogueReference('seasons', { name: 'seasonName', required: true, label: 'products.season', excel: { header: { vi: 'Mùa', en: 'Season' }, width: 22 } }),
  currentZoneId: catalogueReference('zones', { name: 'zoneName', label: 'products.zone', excel: { header: { vi: 'Khu vực', en: 'Zone' }, width: 22 } }),
  side: { kind: 'enum', values: ['LEFT', 'RIGHT'], notFound: 'SIDE_NOT_FOUND', label: 'products.side', excel: { header: { vi: 'Bên', en: 'Side' }, width: 10 } },
});
const items: Record<string, ReferencedItem> = {
  s1: { id: 's1', catalogue: 'seasons', status: 'ACTIVE' },
  s2: { id: 's2', catalogue: 'seasons', status: 'INACTIVE' },
  z1: { id: 'z1', catalogue: 'zones', status: 'ACTIVE' },
};
const NAMES: Record<string, string> = { s1: 'Xuân', s2: 'Hè', z1: 'Kho A' };
const values = { code: 'P1', name: 'Áo', seasonId: 's1', currentZoneId: null, side: 'LEFT' } as const;

describe('an entity field table on the server', () => {
  it('Excel columns in table order; a template adds the drop-downs of references and enums', () => {
    const columns = entityColumns(PRODUCT);
    assert.deepEqual(
      columns.map((c) => [c.key, c.header.en, c.width, c.required ?? false, c.blankCode ?? null, c.list ?? null]),
      [
        ['code', 'Code', 12, false, null, null],
        ['name', 'Name', 20, true, 'NAME_MUST_BE_NOT_BLANK', null],
        ['seasonId', 'Season', 22, true, 'SEASON_MUST_BE_NOT_BLANK', null],
        ['currentZoneId', 'Zone', 22, false, null, null],
        ['side', 'Side', 10, false, null, null],
      ],
    );
    const template = entityColumns(PRODUCT, { seasons: ['Xuân'] });
    assert.deepEqual(
      template.map((c) => c.list ?? null),
      [null, null, ['Xuân'], null, ['LEFT', 'RIGHT']],
    );
  });

  it('an imported row keeps references as text to find; blank required cells answer their codes', () => {
    const schema = importRowSchema(PRODUCT);
    assert.deepEqual(schema.parse({ code: 'p1', name: 'Áo', seasonId: ' Xuân ', currentZoneId: '', side: 'right' }), {
      code: 'P1',
      name: 'Áo',
      seasonId: 'Xuân',
      currentZoneId: null,
      side: 'RIGHT',
    });
    const r = schema.safeParse({ code: '', name: '', seasonId: '', currentZoneId: '', side: '' });
    assert.deepEqual(r.success ? [] : r.error.issues.map((i) => issueErrorCode(i as never)), ['NAME_MUST_BE_NOT_BLANK', 'SEASON_MUST_BE_NOT_BLANK']);
  });

  it('references by name: found and active gives the id; inactive and unknown answer their codes', () => {
    const find = (catalogue: string, text: string) => Object.values(items).find((i) => i.catalogue === catalogue && NAMES[i.id] === text);
    assert.deepEqual(resolveReferenceTexts(PRODUCT, { ...values, seasonId: 'Xuân', currentZoneId: 'Kho A' }, find), {
      values: { ...values, seasonId: 's1', currentZoneId: 'z1' },
      problems: [],
    });
    assert.deepEqual(resolveReferenceTexts(PRODUCT, { ...values, seasonId: 'Hè', currentZoneId: 'Kho Z' }, find).problems, [
      { field: 'seasonId', code: 'SEASON_NOT_FOUND_OR_INACTIVE' },
      { field: 'currentZoneId', code: 'ZONE_NOT_FOUND' },
    ]);
    const byId = new Map(Object.entries(items));
    assert.deepEqual(referenceProblems(PRODUCT, { seasonId: 'z1', currentZoneId: 'z1' }, byId), [{ field: 'seasonId', code: 'SEASON_NOT_FOUND' }]);
    assert.deepEqual(referenceProblems(PRODUCT, { seasonId: 's2', currentZoneId: null }, byId, { seasonId: 's2', currentZoneId: 'z1' }), []);
  });

  it('columns in snake case; the search key; export cells name references; changes list what differs, references by name', () => {
    assert.equal(columnOf('currentZoneId'), 'current_zone_id');
    const row = rowOf(PRODUCT, values);
    assert.deepEqual(row, { code: 'P1', name: 'Áo', season_id: 's1', current_zone_id: null, side: 'LEFT' });
    assert.deepEqual(valuesOf(PRODUCT, row), values);
    assert.equal(searchKeyOf(PRODUCT, { ...values, name: 'Áo Đỏ' }), 'p1\u001fao do', 'the search key: the fields marked search, folded');
    assert.deepEqual(
      exportCells(PRODUCT, values, (id) => (id === null ? null : NAMES[id]!)),
      { code: 'P1', name: 'Áo', seasonId: 'Xuân', currentZoneId: null, side: 'LEFT' },
    );
    assert.deepEqual(
      fieldChanges(PRODUCT, values, { ...values, seasonId: 's2', currentZoneId: 'gone', side: null }, (id) => NAMES[id]),
      [
        { field: 'seasonId', from: 'Xuân', to: 'Hè' },
        { field: 'currentZoneId', from: null, to: 'gone' },
        { field: 'side', from: 'LEFT', to: null },
      ],
    );
  });
});
