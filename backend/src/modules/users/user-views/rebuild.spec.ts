import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { rebuildProjections } from '../../../platform/projections/rebuild.js';
import { runWithContext } from '../../../platform/context/action-context.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { SYSTEM_AUTHORITY } from '../domain/authority.js';
import { CommandBus } from '@nestjs/cqrs';
import { AssignGroupPermissions, CreateGroup, LockGroup, UnlockGroup, UpdateGroup } from '../commands/group.commands.js';
import { ChangeUserPassword, CreateUser, LockUser, UnlockUser, UpdateUser } from '../commands/user.commands.js';

const cli = fileURLToPath(new URL('../../../cli/projections-rebuild.js', import.meta.url));

/** A seeded pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const tables = ['users', 'user_groups', 'auth_sessions'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    out[table] = (await sql`select * from ${sql.table(table)} order by id`.execute(t.platform.db)).rows;
  }
  return out;
}

describe('projections: rebuild gives the same rows as live projection', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    const commands = t.app.get(CommandBus);
    const rnd = random(42);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    await runWithContext({ correlationId: 'seed', source: 'cli', clientIp: null, actor: { kind: 'cli', id: null, name: 'seed' } }, async () => {
      const groups: string[] = [];
      for (let g = 0; g < 8; g++) groups.push((await commands.execute(new CreateGroup({ request: { name: `Group ${g}`, permissions: ['DASHBOARD'] }, authority: SYSTEM_AUTHORITY }))).id);
      const users: string[] = [];
      for (let u = 0; u < 60; u++) {
        users.push((await commands.execute(new CreateUser({ request: { username: `user${u}`, password: 'secret1', fullName: `User ${u}`, groupId: pick(groups) }, authority: SYSTEM_AUTHORITY }))).id);
      }
      // nobody is moved into a locked group: a move names an active one
      const locked = new Set<string>();
      for (let step = 0; step < 150; step++) {
        const r = rnd();
        const user = pick(users);
        const active = groups.filter((g) => !locked.has(g));
        if (r < 0.25) {
          if (active.length) await commands.execute(new UpdateUser({ userId: user, request: { fullName: `Renamed ${step}`, position: step % 2 ? 'Lead' : undefined, groupId: pick(active) }, authority: SYSTEM_AUTHORITY }));
        }
        else if (r < 0.4) await commands.execute(new LockUser({ userId: user, authority: SYSTEM_AUTHORITY }));
        else if (r < 0.55) await commands.execute(new UnlockUser({ userId: user, authority: SYSTEM_AUTHORITY }));
        else if (r < 0.6) await commands.execute(new ChangeUserPassword({ userId: user, request: { password: `pass${step}x` }, authority: SYSTEM_AUTHORITY }));
        else if (r < 0.65) await commands.execute(new UpdateGroup({ groupId: pick(groups), request: { name: `Group ${step}`, description: 'renamed' }, authority: SYSTEM_AUTHORITY }));
        else if (r < 0.7) {
          const group = pick(groups);
          if (rnd() < 0.5) await commands.execute(new LockGroup({ groupId: group, authority: SYSTEM_AUTHORITY })).then(() => locked.add(group));
          else await commands.execute(new UnlockGroup({ groupId: group, authority: SYSTEM_AUTHORITY })).then(() => locked.delete(group));
        }
        else if (r < 0.8) await commands.execute(new AssignGroupPermissions({ groupId: pick(groups), request: { permissions: (['DASHBOARD', 'REPORT_ALERT_LIST'] as const).slice(0, 1 + (step % 2)) }, authority: SYSTEM_AUTHORITY }));
        else {
          // a sign-in, sometimes followed by a sign-out
          const username = `user${users.indexOf(user)}`;
          const res = await t.api().post('/api/auth/login').send({ username, password: 'secret1' });
          if (res.status === 200 && rnd() < 0.5) await t.api(res.body.accessToken).post('/api/auth/logout');
        }
      }
    });
  });
  after(() => t.close());

  it('in process: every projection, then one by name', async () => {
    const live = await snapshot(t);
    assert.ok(live.users!.length === 61 && live.user_groups!.length === 9 && live.auth_sessions!.length > 1);
    const progress: number[] = [];
    const result = await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, [], (p) => progress.push(p.done));
    assert.equal(result.done, result.total);
    assert.ok(progress.length >= 2, 'progress reported');
    assert.deepEqual(await snapshot(t), live);
    await rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['sessions']);
    assert.deepEqual(await snapshot(t), live);
    await assert.rejects(rebuildProjections(t.platform.db, t.platform.store, t.platform.projections, ['nope']), /unknown projection nope/);
  });

  it('through `npm run projections:rebuild`, with a progress line', async () => {
    const live = await snapshot(t);
    await sql`update users set full_name = 'tampered read model'`.execute(t.platform.db);
    const db = (t.platform.database.url);
    const { stderr } = await promisify(execFile)(process.execPath, [cli], { env: { ...process.env, DATABASE_URL: db, LOG_LEVEL: 'silent' } });
    // every module's projection, by name, in the order the modules are listed
    const names = t.platform.projections.names.join(', ');
    assert.match(stderr, new RegExp(`rebuilt ${names} from \\d+ events`));
    assert.match(names, /^users, sessions, .*readers, tickets/);
    assert.deepEqual(await snapshot(t), live);
  });
});
