import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { PermissionCode, SampleTimelineEntry, SampleView, TagView } from '@rfid/contracts';
import { rebuildProjections } from '@rfid/backend/platform/projections/rebuild';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { sql } from 'kysely';
import { suiteApp, type SuiteApp } from './suite-app.js';
import { createSample, sampleBody } from './sample-fixtures.js';

/** A tag code of 24 hexadecimal digits: `prefix` then `n`. */
const tag = (prefix: string, n: number) => `${prefix}${n.toString(16).toUpperCase().padStart(24 - prefix.length, '0')}`;

describe('linking and unlinking tags to samples', () => {
  let { t, admin, c } = {} as SuiteApp;
  suiteApp({ config: { dbPoolSize: 24 }, catalogues: true }, (app) => ({ t, admin, c } = app));

  const registerTags = (codes: string[]) => t.api(admin).post('/api/rfid-tags').send({ codes }).expect(201);
  const link = (tagCode: string, sampleId: string, token = admin) => t.api(token).post('/api/rfid-tags/link').send({ tagCode, sampleId });
  const unlink = (tagCodes: string[], reason?: string) => t.api(admin).post('/api/rfid-tags/unlink').send({ tagCodes, reason });
  const sample = async (id: string) => (await t.api(admin).get(`/api/samples/${id}`).expect(200)).body as SampleView;
  const tagOf = async (code: string) => (await t.api(admin).get(`/api/rfid-tags/${code}`).expect(200)).body as TagView;

  it('link: the tag becomes LINKED to the sample, the sample shows it as its current tag and counts one use', async () => {
    const s = await createSample(t, admin, sampleBody(c));
    const code = tag('E2A1', 1);
    await registerTags([code]);
    const res = await link(`${code.slice(0, 8).toLowerCase()} ${code.slice(8)}`, s.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { tagCode: code, sampleId: s.id, sampleCode: s.sampleCode });
    const linked = await tagOf(code);
    assert.deepEqual([linked.state, linked.sampleId, linked.sampleCode, linked.version], ['LINKED', s.id, s.sampleCode, 2]);
    const after = await sample(s.id);
    assert.deepEqual([after.currentTagCode, after.usageCount, after.version], [code, 1, 1]);
    const linkedList = (await t.api(admin).get(`/api/samples?linked=true`).expect(200)).body as { data: SampleView[]; total: number };
    assert.deepEqual([linkedList.data.map((x) => x.id), linkedList.total], [[s.id], 1]);
    const all = (await t.api(admin).get('/api/samples').expect(200)).body.total as number;
    assert.equal((await t.api(admin).get('/api/samples?linked=false').expect(200)).body.total, all - 1);
    assert.deepEqual(
      (await t.api(admin).get(`/api/rfid-tags?usage=in-use`).expect(200)).body.data.map((x: TagView) => x.code),
      [code],
    );
  });

  it('link refusals: unknown tag or sample 404, locked TAG_LOCKED, cancelled TAG_CANCELLED, linked TAG_LINKED, sample with a tag SAMPLE_LINKED', async () => {
    const [s1, s2, deleted] = [await createSample(t, admin, sampleBody(c)), await createSample(t, admin, sampleBody(c)), await createSample(t, admin, sampleBody(c))];
    await t.api(admin).delete(`/api/samples/${deleted.id}`).expect(204);
    const [free, locked, cancelled, other] = [1, 2, 3, 4].map((n) => tag('E2A2', n)) as [string, string, string, string];
    await registerTags([free, locked, cancelled, other]);
    await t.api(admin).post(`/api/rfid-tags/${locked}/lock`).expect(200);
    await t.api(admin).post(`/api/rfid-tags/${cancelled}/cancel`).expect(200);
    const refused = async (tagCode: string, sampleId: string, status: number, code: string) => {
      const res = await link(tagCode, sampleId);
      assert.deepEqual([res.status, res.body.code], [status, code], `${tagCode} → ${sampleId}: ${JSON.stringify(res.body)}`);
      return res.body as { message: string };
    };
    await refused(tag('E2A2', 99), s1.id, 404, 'NOT_FOUND');
    await refused(free, randomUUID(), 404, 'NOT_FOUND');
    await refused(free, deleted.id, 404, 'NOT_FOUND');
    assert.equal((await refused(locked, s1.id, 409, 'TAG_LOCKED')).message, 'The RFID tag is locked');
    assert.equal((await refused(cancelled, s1.id, 409, 'TAG_CANCELLED')).message, 'The RFID tag is cancelled');
    const vi = await t.api(admin).post('/api/rfid-tags/link').set('accept-language', 'vi').send({ tagCode: locked, sampleId: s1.id });
    assert.equal(vi.body.message, 'Thẻ RFID đang bị khóa');
    await link(free, s1.id).expect(200);
    await refused(free, s2.id, 409, 'TAG_LINKED');
    await refused(free, s1.id, 409, 'TAG_LINKED');
    await refused(other, s1.id, 409, 'SAMPLE_LINKED');
    await refused('  ', s2.id, 400, 'RFID_NOT_BLANK');
    await refused('XYZ', s2.id, 400, 'TAG_NOT_VALID');
    await refused(other, 'not-a-uuid', 400, 'BAD_REQUEST_ERROR');
    // unlocking makes the tag usable
    await t.api(admin).post(`/api/rfid-tags/${locked}/unlock`).expect(200);
    await link(locked, s2.id).expect(200);
  });

  it('while linked: the sample is not deleted (SAMPLE_LINKED), the tag not cancelled (TAG_LINKED)', async () => {
    const s = await createSample(t, admin, sampleBody(c));
    const code = tag('E2A3', 1);
    await registerTags([code]);
    await link(code, s.id).expect(200);
    const del = await t.api(admin).delete(`/api/samples/${s.id}`);
    assert.deepEqual([del.status, del.body.code], [409, 'SAMPLE_LINKED']);
    assert.equal(del.body.message, 'The sample is currently linked to the RFID tag, please unlink it before deleting');
    const cancel = await t.api(admin).post(`/api/rfid-tags/${code}/cancel`);
    assert.deepEqual([cancel.status, cancel.body.code], [409, 'TAG_LINKED']);
    await unlink([code]).expect(200);
    await t.api(admin).delete(`/api/samples/${s.id}`).expect(204);
    await t.api(admin).post(`/api/rfid-tags/${code}/cancel`).expect(200);
  });

  it('unlink: the tags become available, the samples lose their tag but keep the count; a reason is kept; relinking counts again', async () => {
    const s = await createSample(t, admin, sampleBody(c));
    const code = tag('E2A4', 1);
    await registerTags([code]);
    await link(code, s.id).expect(200);
    const res = await unlink([code.toLowerCase()], '  Thẻ bị hỏng  ');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { unlinked: 1 });
    const freed = await tagOf(code);
    assert.deepEqual([freed.state, freed.sampleId, freed.sampleCode], ['UNLINK', null, null]);
    assert.deepEqual([(await sample(s.id)).currentTagCode, (await sample(s.id)).usageCount], [null, 1]);
    const events = await t.platform.store.readStream(`rfid-tag-${code}`);
    assert.deepEqual(events[2]!.data, { tagCode: code, sampleId: s.id, sampleCode: s.sampleCode, reason: 'Thẻ bị hỏng' });
    assert.equal(events[2]!.metadata.actor.name, 'admin');
    await link(code, s.id).expect(200);
    assert.equal((await sample(s.id)).usageCount, 2);
    const history = (await t.api(admin).get(`/api/samples/${s.id}/history`).expect(200)).body as SampleTimelineEntry[];
    assert.deepEqual(
      history.map((h) => h.action),
      ['TagLinked', 'TagUnlinked', 'TagLinked', 'SampleRegistered'],
    );
    const unlinked = history[1] as Extract<SampleTimelineEntry, { action: 'TagUnlinked' }>;
    assert.deepEqual([unlinked.action, unlinked.tagCode, unlinked.reason], ['TagUnlinked', code, 'Thẻ bị hỏng']);
    assert.equal(history[2]!.actor.name, 'admin');
  });

  it('unlink: at most 15 at once (the 16th is refused naming tagCodes), all or nothing', async () => {
    const codes = Array.from({ length: 16 }, (_, i) => tag('E2A5', i));
    await registerTags(codes);
    for (const code of codes) await link(code, (await createSample(t, admin, sampleBody(c))).id).expect(200);
    const tooMany = await unlink(codes);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'BAD_REQUEST_ERROR');
    assert.deepEqual(
      tooMany.body.details.map((d: { field: string; rule: string; limit: number }) => [d.field, d.rule, d.limit]),
      [['tagCodes', 'too_big', 15]],
    );
    const none = await unlink([]);
    assert.deepEqual([none.status, none.body.details[0].field, none.body.details[0].rule], [400, 'tagCodes', 'too_small']);
    const long = await unlink([codes[0]!], 'r'.repeat(201));
    assert.deepEqual([long.status, long.body.details[0].field, long.body.details[0].rule], [400, 'reason', 'too_big']);
    const twice = await unlink([codes[0]!, codes[0]!.toLowerCase()]);
    assert.deepEqual([twice.status, twice.body.code], [400, 'DUPLICATE_RFID']);

    // one tag of the list is not linked: nothing is unlinked
    const free = tag('E2A5', 99);
    await registerTags([free]);
    const mixed = await unlink([codes[0]!, free, codes[1]!]);
    assert.deepEqual([mixed.status, mixed.body.code], [409, 'TAG_NOT_LINKED']);
    assert.deepEqual(mixed.body.details, [{ tagCode: free, error: 'TAG_NOT_LINKED', state: 'UNLINK' }]);
    const unknown = await unlink([codes[0]!, tag('E2A5', 98)]);
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND']);
    assert.equal((await tagOf(codes[0]!)).state, 'LINKED', 'all or nothing');

    const fifteen = await unlink(codes.slice(0, 15));
    assert.deepEqual([fifteen.status, fifteen.body], [200, { unlinked: 15 }]);
    assert.equal((await t.api(admin).get('/api/rfid-tags?q=E2A5&usage=in-use').expect(200)).body.total, 1);
  });

  it('20 parallel links of one tag to 20 samples: exactly one succeeds, the others answer TAG_LINKED; read model and event store agree', async () => {
    const code = tag('E2A6', 1);
    await registerTags([code]);
    const samples = await Promise.all(Array.from({ length: 20 }, () => createSample(t, admin, sampleBody(c))));
    const results = await Promise.all(samples.map((s) => link(code, s.id)));
    const won = results.filter((r) => r.status === 200);
    assert.equal(won.length, 1, JSON.stringify(results.map((r) => r.status)));
    for (const r of results.filter((x) => x.status !== 200)) assert.deepEqual([r.status, r.body.code], [409, 'TAG_LINKED']);
    const winner = won[0]!.body.sampleId as string;

    const { rows: links } = await sql<{ sample_id: string }>`select sample_id from tag_links where tag_code = ${code}`.execute(t.platform.db);
    assert.deepEqual(links, [{ sample_id: winner }]);
    const { rows: events } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'TagLinked' and data->>'tagCode' = ${code}`.execute(t.platform.db);
    assert.equal(events[0]!.n, 1, 'one TagLinked event for the tag');
    const { rows: withTag } = await sql<{ id: string; usage_count: number }>`select id, usage_count from samples where current_tag_code = ${code}`.execute(t.platform.db);
    assert.deepEqual(withTag, [{ id: winner, usage_count: 1 }]);
    const { rows: counts } = await sql<{ kept: number; counted: number }>`
      select (select linked from sample_counts) as kept, (select count(*)::int from samples where current_tag_code is not null and deleted_at is null) as counted`.execute(t.platform.db);
    assert.equal(counts[0]!.kept, counts[0]!.counted, 'the kept count of linked samples');
    const view = await tagOf(code);
    assert.deepEqual([view.state, view.sampleId, view.version], ['LINKED', winner, 2]);
  });

  it('10 tags linked to one sample at once: one succeeds, the others answer SAMPLE_LINKED', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => tag('E2A7', i));
    await registerTags(codes);
    const s = await createSample(t, admin, sampleBody(c));
    const results = await Promise.all(codes.map((code) => link(code, s.id)));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    for (const r of results.filter((x) => x.status !== 200)) assert.deepEqual([r.status, r.body.code], [409, 'SAMPLE_LINKED']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from tag_links where sample_id = ${s.id}`.execute(t.platform.db);
    assert.equal(rows[0]!.n, 1);
    assert.equal((await t.api(admin).get('/api/rfid-tags?q=E2A7&usage=in-use').expect(200)).body.total, 1);
  });

  it('a link and a deletion of the same sample at once: never both', async () => {
    for (let i = 0; i < 5; i++) {
      const s = await createSample(t, admin, sampleBody(c));
      const code = tag('E2A8', i);
      await registerTags([code]);
      const [linked, deleted] = await Promise.all([link(code, s.id), t.api(admin).delete(`/api/samples/${s.id}`)]);
      if (linked.status === 200) assert.deepEqual([deleted.status, deleted.body.code], [409, 'SAMPLE_LINKED']);
      else {
        assert.equal(deleted.status, 204);
        assert.deepEqual([linked.status, linked.body.code], [404, 'NOT_FOUND']);
      }
    }
  });

  it('link needs SAMPLE_MANAGEMENT_RFID_LINKING_LINK, unlink SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK', async () => {
    const group = await t.api(admin).post('/api/user-groups').send({ name: 'Linkers', permissions: [] }).expect(201);
    await t.api(admin).post('/api/users').send({ username: 'linker', password: 'secret1', fullName: 'Linker', groupId: group.body.id }).expect(201);
    const clerk = await t.login('linker', 'secret1');
    const s = await createSample(t, admin, sampleBody(c));
    const code = tag('E2A9', 1);
    await registerTags([code]);
    const grant = (permissions: PermissionCode[]) => t.api(admin).put(`/api/user-groups/${group.body.id}/permissions`).send({ permissions }).expect(200);
    await grant(['SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK', 'SAMPLE_MANAGEMENT_RFID_CREATE', 'SAMPLE_MANAGEMENT_RFID_LINK_TAG']);
    assert.equal((await link(code, s.id, clerk)).status, 403);
    await grant(['SAMPLE_MANAGEMENT_RFID_LINKING_LINK']);
    const linked = await link(code, s.id, clerk);
    assert.equal(linked.status, 200);
    assert.equal((await t.api(clerk).post('/api/rfid-tags/unlink').send({ tagCodes: [code] })).status, 403);
    await grant(['SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK']);
    await t.api(clerk).post('/api/rfid-tags/unlink').send({ tagCodes: [code] }).expect(200);
    const events = await t.platform.store.readStream(`rfid-tag-${code}`);
    assert.deepEqual(
      events.map((e) => [e.type, e.metadata.actor.name]),
      [
        ['TagRegistered', 'admin'],
        ['TagLinked', 'linker'],
        ['TagUnlinked', 'linker'],
      ],
    );
  });

  const snapshot = async () => ({
    samples: (await sql`select * from samples order by id`.execute(t.platform.db)).rows,
    tags: (await sql`select * from rfid_tags order by code`.execute(t.platform.db)).rows,
    links: (await sql`select * from tag_links order by tag_code`.execute(t.platform.db)).rows,
    counts: (await sql`select * from sample_counts`.execute(t.platform.db)).rows,
  });

  it('rebuilding the projections gives the same samples, rfid_tags and tag_links rows', async () => {
    const live = await snapshot();
    assert.ok(live.links.length > 5);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, []);
    assert.deepEqual(await snapshot(), live);
    await sql`update samples set usage_count = 0, current_tag_code = null`.execute(t.platform.db);
    await sql`update sample_counts set linked = 0`.execute(t.platform.db);
    await sql`delete from tag_links`.execute(t.platform.db);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['samples', 'rfid-tags']);
    assert.deepEqual(await snapshot(), live);
  });

  it('a rebuild that deadlocks with a transaction taking two of its tables in the other order starts over', async () => {
    const live = await snapshot();
    const registry = t.platform.projections;
    // the rebuild empties its tables in this order, one lock after another
    const tables = [...new Set(registry.names.flatMap((n) => registry.get(n)!.tables))];
    const [first, last] = [tables[0]!, tables.at(-1)!];
    assert.notEqual(first, last);
    const other = await t.platform.database.pool.connect();
    try {
      // the other transaction is never the one PostgreSQL ends: the rebuild finds the deadlock first
      await other.query(`set deadlock_timeout = '60s'`);
      await other.query('begin');
      await other.query(`lock table ${last} in access share mode`);
      const rebuilt = rebuildProjections(t.platform.db, t.platform.store, registry, []);
      rebuilt.catch(() => {}); // awaited below, once the other transaction is done
      const rebuildWaitsForLast = async () =>
        (await other.query(`select 1 from pg_locks where not granted and mode = 'AccessExclusiveLock' and relation = '${last}'::regclass and database = (select oid from pg_database where datname = current_database())`)).rowCount === 1;
      await waitFor('the rebuild to wait for the last table', rebuildWaitsForLast);
      // the rebuild holds the first table: this read waits until PostgreSQL ends the rebuild's transaction
      await other.query(`select count(*) from ${first}`);
      await other.query('commit');
      await rebuilt;
    } finally {
      other.release();
    }
    assert.deepEqual(await snapshot(), live);
  });
});
