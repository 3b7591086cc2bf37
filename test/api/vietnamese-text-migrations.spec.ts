import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ListResponse, SampleView } from '@rfid/contracts';
import { migrate } from '@rfid/backend/platform/database/database';
import { PLATFORM_MIGRATIONS } from '@rfid/backend/platform/event-store/migrations/index';
import { allMigrations } from '@rfid/backend/platform/modules/module-definition';
import { MODULES, testLogger } from '@rfid/backend/testing/test-platform';
import { sql } from 'kysely';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createCatalogues, createSample, sampleBody } from './sample-fixtures.js';

/** The migrations that give the read models their search keys and Vietnamese sort indexes. */
const SEARCH_KEY_MIGRATIONS = ['0013-users-vietnamese-text', '0014-master-data-vietnamese-text', '0015-samples-vietnamese-text', '0016-rfid-vietnamese-text'];

describe('upgrading a database with data to the search keys: the migrations make the keys the projections make', () => {
  let { t, admin } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    const c = await createCatalogues(t, admin);
    await t.api(admin).post('/api/master-data/seasons').send({ code: 'W-1', name: 'Đông Xuân', description: 'Mùa lạnh ở Đà Lạt' }).expect(201);
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Thủ kho', description: 'Quản lý kho Bình Dương', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'thu.kho', password: 'secret1', fullName: 'Nguyễn Thị Thu', position: 'Thủ kho', groupId: group.body.id }).expect(201);
    const kept = await createSample(t, admin, sampleBody(c, { sampleCode: 'MG-1', name: 'Giày chạy bộ', color: 'Đỏ' }));
    const gone = await createSample(t, admin, sampleBody(c, { sampleCode: 'MG-2', name: 'Dép lê' }));
    await t.api(admin).put(`/api/samples/${kept.id}`).send(sampleBody(c, { sampleCode: 'MG-1', name: 'Giày chạy bộ nữ', color: 'Đỏ tươi' })).expect(200);
    await t.api(admin).delete(`/api/samples/${gone.id}`).expect(204);
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['E2E00000000000000000C001', 'E2E00000000000000000C002'], container: { name: 'Thùng Đỏ', box: 'Hộp 1', cart: null } }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'E2E00000000000000000C001', sampleId: kept.id }).expect(200);
  });

  const readModels = async () => {
    const db = t.platform.db;
    return {
      users: (await sql`select * from users order by id`.execute(db)).rows,
      groups: (await sql`select * from user_groups order by id`.execute(db)).rows,
      items: (await sql`select * from master_data_items order by id`.execute(db)).rows,
      keys: (await sql`select * from sample_search_keys order by sample_id`.execute(db)).rows,
      tags: (await sql`select * from rfid_tags order by code`.execute(db)).rows,
    };
  };

  it('gives every row the key its projection gives it, deleted samples included, and the lists search and sort with them', async () => {
    const made = await readModels();
    const { rows: samples } = await sql<{ n: number }>`select count(*)::int as n from samples`.execute(t.platform.db);
    assert.equal(made.keys.length, samples[0]!.n, 'a key per sample');
    // the database as a server finds it before these migrations: no keys, the old indexes
    await sql`
      alter table users drop column search_key;
      alter table user_groups drop column search_key;
      alter table master_data_items drop column search_key;
      alter table rfid_tags drop column search_key;
      drop table sample_search_keys;
      alter table samples add column search_text text;
      drop index samples_by_sample_code, samples_by_name, samples_by_model_name, samples_by_art_number;
      drop index master_data_items_by_name, master_data_items_by_status_name;
      create index samples_by_name on samples (name, id) where deleted_at is null;
      create index samples_by_model_name on samples (model_name, id) where deleted_at is null;
      create index samples_by_art_number on samples (art_number, id) where deleted_at is null;
      create index master_data_items_by_name on master_data_items (catalogue, name, id);
      create index master_data_items_by_status_name on master_data_items (catalogue, status, name, id);
    `.execute(t.platform.db);
    await sql`delete from kysely_migration where name = any(${SEARCH_KEY_MIGRATIONS}::text[])`.execute(t.platform.db);

    await migrate(t.platform.db, allMigrations(PLATFORM_MIGRATIONS, MODULES), testLogger);
    assert.deepEqual(await readModels(), made);
    assert.equal(made.keys.filter((k) => (k as { deleted: boolean }).deleted).length, 1, 'the deleted sample keeps its key, marked deleted');
    const found = (await t.api(admin).get('/api/samples?q=giay%20chay%20bo%20nu&sort=name:asc').expect(200)).body as ListResponse<SampleView>;
    assert.deepEqual(found.data.map((s) => s.sampleCode), ['MG-1']);
  });
});
