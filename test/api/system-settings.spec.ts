import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  P,
  REALTIME_EVENTS,
  SYSTEM_SETTING_DEFAULTS,
  type FieldError,
  type PermissionCode,
  type PublicSystemSettings,
  type SystemSettingsView,
} from '@rfid/contracts';
import { migrate } from '@rfid/backend/platform/database/database';
import { PLATFORM_MIGRATIONS } from '@rfid/backend/platform/event-store/migrations/index';
import { allMigrations } from '@rfid/backend/platform/modules/module-definition';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { SystemSettingsService } from '@rfid/backend/modules/settings/settings.public';
import { createSecondInstance } from '@rfid/backend/testing/test-app';
import { MODULES, testLogger } from '@rfid/backend/testing/test-platform';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { sql } from 'kysely';
import { assertEachCallNeeds } from './permission-fixtures.js';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { connected, nextPush, socketClients } from './socket-fixtures.js';

const SETTINGS_STREAM = 'system-settings-system';
/** Applied by another instance by the change's announcement: far sooner than the 30 s fallback re-read. */
const ANNOUNCED_WITHIN_MS = 10_000;

/**
 * The system configuration (the screen /system-adminstration/system-configuration): the settings' values
 * and their last changes, each change an event with its actor, the rules of each kind of setting,
 * the permissions, the public part every signed-in user reads, and a change made through one
 * instance applied by another one on the same database within a second, its browsers told.
 */
describe('system settings', () => {
  let { t, admin } = {} as SuiteApp;
  let adminId: string;
  let groupId: string;
  let plain: string;

  const api = () => t.api(admin);
  const view = async () => (await api().get('/api/system-settings').expect(200)).body as SystemSettingsView;
  const streamVersion = async () => (await t.platform.store.readStream(SETTINGS_STREAM)).length;

  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    adminId = (await api().get('/api/auth/me').expect(200)).body.user.id;
    groupId = (await api().post('/api/user-groups').send({ name: 'Probe', permissions: [] }).expect(201)).body.id;
    await api().post('/api/users').send({ username: 'probe', password: 'secret1', fullName: 'Người Thử', groupId }).expect(201);
    plain = await t.login('probe', 'secret1');
  });

  it('starts at the defaults, none changed', async () => {
    assert.deepEqual(await view(), { values: SYSTEM_SETTING_DEFAULTS, changes: {} });
  });

  it('a change is one event naming only the values that differ, with who made it; the view says who and when', async () => {
    const before = Date.now();
    const res = await api().put('/api/system-settings').send({ readDedupeWindowMs: 750, productName: '  Kho mẫu ACME ', defaultPageSize: 20, gatePassGapSeconds: 5 }).expect(200);
    const answered = res.body as SystemSettingsView;
    assert.deepEqual(answered.values, { ...SYSTEM_SETTING_DEFAULTS, readDedupeWindowMs: 750, productName: 'Kho mẫu ACME', defaultPageSize: 20 });
    assert.deepEqual(Object.keys(answered.changes).sort(), ['defaultPageSize', 'productName', 'readDedupeWindowMs'], 'gatePassGapSeconds kept its default: not a change');
    for (const change of Object.values(answered.changes)) {
      assert.deepEqual(change.by, { id: adminId, username: 'admin', fullName: change.by!.fullName });
      assert.ok(Date.parse(change.at) >= before - 1000 && Date.parse(change.at) <= Date.now());
    }
    assert.deepEqual(await view(), answered);

    const events = await t.platform.store.readStream(SETTINGS_STREAM);
    const last = events[events.length - 1]!;
    assert.equal(last.type, 'SystemSettingsChanged');
    assert.deepEqual(last.data, { changes: { readDedupeWindowMs: 750, productName: 'Kho mẫu ACME', defaultPageSize: 20 } });
    assert.deepEqual(last.metadata.actor, { kind: 'user', id: adminId, name: 'admin' });
    assert.equal(last.metadata.source, 'http');

    // the same values again change nothing: no event
    const version = await streamVersion();
    await api().put('/api/system-settings').send({ readDedupeWindowMs: 750, productName: 'Kho mẫu ACME' }).expect(200);
    assert.equal(await streamVersion(), version);
  });

  it('the system log tells the change in words', async () => {
    const log = (await api().get('/api/system-logs?action=SystemSettingsChanged').expect(200)).body as { data: { summary: string }[] };
    assert.ok(log.data.some((e) => /productName = Kho mẫu ACME, defaultPageSize = 20/i.test(e.summary)), JSON.stringify(log.data));
  });

  it('refuses a value outside its rule with BAD_REQUEST_ERROR naming the field and the rule, and changes nothing', async () => {
    const version = await streamVersion();
    const cases: [object, Partial<FieldError>][] = [
      [{ readerHeartbeatTimeoutSeconds: 4 }, { field: 'readerHeartbeatTimeoutSeconds', rule: 'too_small', limit: 5 }],
      [{ readDedupeWindowMs: 60_001 }, { field: 'readDedupeWindowMs', rule: 'too_big', limit: 60_000 }],
      [{ gateAlertWindowSeconds: 2.5 }, { field: 'gateAlertWindowSeconds', rule: 'invalid_type' }],
      [{ gatePassGapSeconds: '10' }, { field: 'gatePassGapSeconds', rule: 'invalid_type' }],
      [{ defaultPageSize: 15 }, { field: 'defaultPageSize', rule: 'invalid_value' }],
      [{ gateUnknownTagAlert: 2 }, { field: 'gateUnknownTagAlert', rule: 'invalid_value' }],
      [{ productName: '   ' }, { field: 'productName', rule: 'too_small', limit: 1 }],
      [{ productName: 'x'.repeat(51) }, { field: 'productName', rule: 'too_big', limit: 50 }],
      [{ nope: 1 }, { field: '(body)', rule: 'unrecognized_keys' }],
    ];
    for (const [body, expected] of cases) {
      const res = await api().put('/api/system-settings').set('accept-language', 'en').send(body);
      assert.deepEqual([res.status, res.body.code], [400, 'BAD_REQUEST_ERROR'], JSON.stringify(body));
      const [detail] = res.body.details as FieldError[];
      assert.deepEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, detail![k as keyof FieldError]])), expected, JSON.stringify(body));
    }
    const nul = await api().put('/api/system-settings').send({ productName: 'a\u0000b' });
    assert.deepEqual([nul.status, nul.body.code], [400, 'TEXT_NOT_VALID']);
    assert.equal(await streamVersion(), version);
    assert.equal((await view()).values.productName, 'Kho mẫu ACME');
  });

  it('reading needs SYSTEM_CONFIG_LIST and changing SYSTEM_CONFIG_UPDATE (403 FORBIDDEN without)', async () => {
    const as = t.api(plain);
    const setPermissions = (codes: PermissionCode[]) => api().put(`/api/user-groups/${groupId}/permissions`).send({ permissions: codes }).expect(200);
    await setPermissions([]);
    for (const res of [await as.get('/api/system-settings'), await as.put('/api/system-settings').send({ gatePassGapSeconds: 6 })]) {
      assert.deepEqual([res.status, res.body.code], [403, 'FORBIDDEN']);
    }
    await assertEachCallNeeds(
      { read: () => as.get('/api/system-settings'), change: () => as.put('/api/system-settings').send({}) },
      { read: P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST, change: P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE },
      setPermissions,
    );
  });

  it('the public part (product name, page size) is read by a user without a permission, and before sign-in (the sign-in page names the product): nothing else', async () => {
    await api().put(`/api/user-groups/${groupId}/permissions`).send({ permissions: [] }).expect(200);
    const res = await t.api(plain).get('/api/system-settings/public').expect(200);
    assert.deepEqual(res.body, { productName: 'Kho mẫu ACME', defaultPageSize: 20 });
    assert.deepEqual((await t.api().get('/api/system-settings/public').expect(200)).body, res.body);
  });

  it('the OpenAPI document describes the routes with their shapes', async () => {
    const doc = (await t.api().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, any>> };
    const settings = doc.paths['/api/system-settings']!;
    assert.ok(settings.get.responses['200'].content['application/json'].schema.properties.changes);
    assert.equal(settings.put.requestBody.content['application/json'].schema.properties.defaultPageSize.enum?.length, 4);
    assert.deepEqual(Object.keys(doc.paths['/api/system-settings/public']!.get.responses['200'].content['application/json'].schema.properties).sort(), ['defaultPageSize', 'productName']);
  });

  it('a rebuild gives the same rows', async () => {
    const rows = async () => (await sql`select * from system_settings order by key`.execute(t.platform.db)).rows;
    const live = await rows();
    assert.equal(live.length, 3);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['settings']);
    assert.deepEqual(await rows(), live);
  });

  it('a change made through one instance is applied by another on the same database within a second, and its open browsers are told', async () => {
    const other = await createSecondInstance(t);
    const sockets = await socketClients(other);
    try {
      const onOther = other.app.get(SystemSettingsService);
      assert.equal(onOther.current().productName, 'Kho mẫu ACME', 'the other instance loads the settings at start');
      const browser = sockets.connect({ token: plain });
      await connected(browser);
      const pushed = nextPush<PublicSystemSettings>(browser, REALTIME_EVENTS.PUBLIC_SETTINGS);

      // announced to the other instances in the change's transaction (LISTEN/NOTIFY), applied as soon as
      // it commits: well before the fallback re-read (so a wait shorter than it proves the announcement)
      await api().put('/api/system-settings').send({ productName: 'ACME Inventory', defaultPageSize: 50, gateAlertWindowSeconds: 120 }).expect(200);
      await waitFor('the other instance to apply the change', () => onOther.current().gateAlertWindowSeconds === 120, ANNOUNCED_WITHIN_MS);
      assert.deepEqual(onOther.currentPublic(), { productName: 'ACME Inventory', defaultPageSize: 50 });
      assert.deepEqual((await other.api(plain).get('/api/system-settings/public').expect(200)).body, { productName: 'ACME Inventory', defaultPageSize: 50 });
      assert.deepEqual(await pushed, { productName: 'ACME Inventory', defaultPageSize: 50 }, "the other instance's browser is told");

      // and back the other way
      await other.api(admin).put('/api/system-settings').send({ gateAlertWindowSeconds: 90 }).expect(200);
      await waitFor('this instance to apply the change made through the other', () => t.app.get(SystemSettingsService).current().gateAlertWindowSeconds === 90, ANNOUNCED_WITHIN_MS);
    } finally {
      sockets.close();
      await other.close();
    }
  });
});

describe('upgrading a database with numeric settings: the migration makes the rows the projection makes', () => {
  let { t } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t } = app));

  it('turns the values into jsonb and names who changed each setting last, from its events', async () => {
    const admin = await t.adminToken();
    await t.api(admin).put('/api/system-settings').send({ readDedupeWindowMs: 900, gatePassGapSeconds: 7 }).expect(200);
    await t.api(admin).put('/api/system-settings').send({ gatePassGapSeconds: 8 }).expect(200);
    const rows = async () => (await sql`select key, value, updated_at, updated_by from system_settings order by key`.execute(t.platform.db)).rows;
    const made = await rows();
    assert.equal(made.length, 2);

    // the table as a server finds it before the migration
    await sql`
      alter table system_settings drop column updated_by;
      alter table system_settings alter column value type double precision using (value #>> '{}')::double precision;
      delete from kysely_migration where name = '0040-system-settings-values';
    `.execute(t.platform.db);
    await migrate(t.platform.db, allMigrations(PLATFORM_MIGRATIONS, MODULES), testLogger);
    assert.deepEqual(await rows(), made);
  });
});
