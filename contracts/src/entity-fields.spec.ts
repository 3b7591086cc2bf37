import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { catalogueReference, defineEntityFields, fieldFilters, fieldKeys, filterShape, isRequired, pickFields, recordFields, referenceFields, requestShape, searchedKeys, sortableKeys, updateShape, viewShape } from './entity-fields.js';
import { issueErrorCode } from './schemas/common.js';

/** A product as the next modules might declare it: one of each kind. */
const PRODUCT = defineEntityFields({
  code: { kind: 'code', max: 10, pattern: /^[A-Za-z0-9-]+$/, patternMessage: 'letters, digits and - only', label: 'products.code', form: false, column: 'sortable', search: true, excel: { header: { vi: 'Mã', en: 'Code' }, width: 12 } },
  name: { kind: 'text', max: 5, blank: 'NAME_MUST_BE_NOT_BLANK', label: 'products.name', column: 'sortable', excel: { header: { vi: 'Tên', en: 'Name' }, width: 20 } },
  note: { kind: 'text', max: 5, label: 'products.note', search: true, excel: { header: { vi: 'Ghi chú', en: 'Note' }, width: 20 } },
  seasonId: catalogueReference('seasons', {
    name: 'seasonName',
    required: true,
    label: 'products.season',
    column: true,
    filter: { param: 'season' },
    excel: { header: { vi: 'Mùa', en: 'Season' }, width: 22 },
  }),
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

  /** A plan as the records of other modules, moments and values of their own shape make it: one of each further kind. */
  const PLAN = defineEntityFields({
    title: { kind: 'text', max: 10, required: true, oneLine: true, label: 'plans.title' },
    zoneIds: { kind: 'reference', catalogue: 'zones', name: 'zones', many: { min: 1, max: 2 }, notFound: 'ZONE_NOT_FOUND', inactive: 'ZONE_NOT_FOUND_OR_INACTIVE', createdOnly: true, label: 'plans.zones' },
    gateId: { kind: 'record', of: 'gates', name: 'gateCode', notFound: 'READER_NOT_FOUND', label: 'plans.gate' },
    userIds: { kind: 'record', of: 'users', name: 'users', many: { min: 0, max: 3 }, label: 'plans.users' },
    from: { kind: 'datetime', label: 'plans.from' },
    email: { kind: 'email', max: 50, notValid: 'EMAIL_NOT_VALID', label: 'plans.email' },
    mode: { kind: 'enum', values: ['AUTO', 'MANUAL'], default: 'MANUAL', notFound: 'BAD_REQUEST_ERROR', label: 'plans.mode' },
    minutes: { kind: 'integer', min: 1, max: 60, notValid: 'ALERT_TIME_NOT_VALID', label: 'plans.minutes' },
    steps: { kind: 'custom', rule: z.array(z.string()).min(1), view: z.array(z.string()), required: true, label: 'plans.steps' },
  });
  const plan = z.object(requestShape(PLAN));
  const planCodes = (input: unknown) => {
    const r = plan.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), issueErrorCode(i as never) ?? i.code]).reverse());
  };
  const given = { title: 'Đợt 1', zoneIds: [SEASON], from: '2026-11-29T08:00:00+07:00', minutes: '15', steps: ['count'] };

  it('records, several ids, moments, addresses, defaults and custom values follow their fields', () => {
    assert.deepEqual(plan.parse(given), {
      title: 'Đợt 1',
      zoneIds: [SEASON],
      gateId: null,
      userIds: [],
      from: new Date('2026-11-29T01:00:00Z'),
      mode: 'MANUAL',
      minutes: 15,
      steps: ['count'],
    });
    assert.deepEqual(planCodes({ ...given, title: 'a\nb', zoneIds: [], gateId: 'gate 1', userIds: [SEASON, SEASON], email: 'not@', mode: 'NEVER', minutes: '', steps: [] }), {
      title: 'TEXT_NOT_ONE_LINE',
      zoneIds: 'too_small',
      gateId: 'READER_NOT_FOUND',
      userIds: 'custom',
      email: 'EMAIL_NOT_VALID',
      mode: 'BAD_REQUEST_ERROR',
      minutes: 'ALERT_TIME_NOT_VALID',
      steps: 'too_small',
    });
    assert.deepEqual(planCodes({ ...given, zoneIds: undefined, from: 'yesterday' }), { zoneIds: 'invalid_type', from: 'invalid_format' });
    assert.equal(plan.parse({ ...given, email: ' ' }).email, null, 'a blank address is none');
    assert.ok(!('email' in plan.parse(given)), 'an absent address stays absent');
  });

  it('the view carries a record with its name, several items named in place of their ids; an update leaves out what is set at creation', () => {
    assert.deepEqual(Object.keys(viewShape(PLAN)), ['title', 'zones', 'gateId', 'gateCode', 'users', 'from', 'email', 'mode', 'minutes', 'steps']);
    assert.deepEqual(Object.keys(updateShape(PLAN)), ['title', 'gateId', 'userIds', 'from', 'email', 'mode', 'minutes', 'steps']);
    assert.deepEqual(recordFields(PLAN).map((f) => [f.key, f.of]), [
      ['gateId', 'gates'],
      ['userIds', 'users'],
    ]);
    assert.deepEqual(referenceFields(PLAN), [], 'several items are not one reference');
    assert.deepEqual(
      fieldKeys(PLAN).filter((key) => isRequired(PLAN[key])),
      ['title', 'zoneIds', 'from', 'mode', 'minutes', 'steps'],
    );
  });
});
