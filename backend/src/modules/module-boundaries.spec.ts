import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { PLATFORM_TABLES } from '../platform/database/schema.js';
import { importLoops, type ImportGraph } from '../testing/import-graph.js';
import { createTestPlatform, type TestPlatform } from '../testing/test-platform.js';
import { MODULES } from './modules.js';

// The rules of docs/ARCHITECTURE.md "Table ownership", checked on the sources and on a migrated database.
const SOURCES = fileURLToPath(new URL('../../src/modules', import.meta.url));

/** Every .ts file of a module folder, with its comments removed (prose may name any table). */
function moduleSources(folder: string): { file: string; code: string }[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
  return walk(path.join(SOURCES, folder)).map((file) => ({
    file: path.relative(SOURCES, file),
    code: fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));
}

/**
 * Where code names a table in SQL: a Kysely call (`selectFrom('t')`, `leftJoin('t as x', ...)`,
 * `insertInto`, `updateTable`, `deleteFrom`) or raw SQL in an sql`...` template (`from t`, `join t`,
 * `into t`, `update t`, `on t`, `table t`). Prose and aliases that merely spell a table's name do not count.
 */
function namesTable(code: string, table: string): boolean {
  const kysely = new RegExp(`\\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*['"\`]${table}( as \\w+)?['"\`]`);
  if (kysely.test(code)) return true;
  const raw = new RegExp(`\\b(from|join|into|update|on|table)\\s+${table}\\b`, 'i');
  return [...code.matchAll(/\bsql(<[^>]*>)?`[^`]*`/g)].some(([template]) => raw.test(template));
}

const moduleFolders = fs.readdirSync(SOURCES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('module boundaries', () => {
  it('no module names another module\'s table in its SQL', () => {
    const offences: string[] = [];
    for (const folder of moduleFolders) {
      const others = MODULES.filter((m) => m.name !== folder).flatMap((m) => m.tables.map((t) => ({ table: t, owner: m.name })));
      for (const { file, code } of moduleSources(folder)) {
        for (const { table, owner } of others) if (namesTable(code, table)) offences.push(`${file} names ${owner}'s table ${table}`);
      }
    }
    assert.deepEqual(offences, []);
  });

  it('controllers dispatch: they are BusControllers (the CommandBus and the QueryBus, and the Excel reader of an upload), taking no module service', () => {
    const offences = moduleFolders.flatMap((folder) =>
      moduleSources(folder)
        .filter(({ code }) => code.includes('@ApiController('))
        .flatMap(({ file, code }) => [
          ...[...code.matchAll(/@ApiController\([^)]*\)\s*(?:export )?class (\w+)( extends (?:Bus|Upload)Controller)?/g)].flatMap((m) => (m[2] ? [] : [`${file}: ${m[1]} is not a BusController`])),
          ...(code.includes('constructor(') ? [`${file} takes services of its own`] : []),
        ]),
    );
    assert.deepEqual(offences, []);
  });

  it('modules read the event store only through its API and eventLog(); only released migrations name its tables', () => {
    const released = new Set(['samples/migrations/0005-samples.ts']);
    const offences = moduleFolders.flatMap((folder) =>
      moduleSources(folder)
        .filter(({ file }) => !released.has(file))
        .flatMap(({ file, code }) => PLATFORM_TABLES.filter((t) => namesTable(code, t)).map((t) => `${file} names the platform's table ${t}`)),
    );
    assert.deepEqual(offences, []);
  });

  /** Each module's imports of other modules: which file, which module, which of its files. */
  const crossModuleImports = () =>
    moduleFolders.flatMap((folder) =>
      moduleSources(folder).flatMap(({ file, code }) =>
        [...code.matchAll(/from '(?:\.\.\/)+([a-z-]+)\/([^']+)'/g)]
          .filter(([, other]) => other !== 'platform' && other !== folder && moduleFolders.includes(other!))
          .map(([, other, rest]) => ({ folder, file, other: other!, rest: rest! })),
      ),
    );

  it('a module imports of another module only its <module>.public.ts, and its events from <module>.events.ts', () => {
    const offences = crossModuleImports()
      .filter(({ other, rest }) => rest !== `${other}.public.js` && rest !== `${other}.events.js`)
      .map(({ file, other, rest }) => `${file} imports ${other}/${rest}`);
    assert.deepEqual(offences, []);
  });

  it('a module\'s events file imports no code (only contracts\' types): following another module\'s events ties no module to it', () => {
    const offences = moduleFolders.flatMap((folder) =>
      moduleSources(folder)
        .filter(({ file }) => file === `${folder}/${folder}.events.ts`)
        .flatMap(({ file, code }) => [...code.matchAll(/^import (type )?[^;]*? from '([^']+)';/gm)].filter(([, type, from]) => !(type && from === '@rfid/contracts')).map(([line]) => `${file}: ${line}`)),
    );
    assert.deepEqual(offences, []);
  });

  it('no module-level import loop: the modules that import each other\'s public files form no cycle', () => {
    const graph: ImportGraph = new Map(moduleFolders.map((m) => [m, new Set<string>()]));
    for (const { folder, other, rest } of crossModuleImports()) if (rest === `${other}.public.js`) graph.get(folder)!.add(other);
    assert.deepEqual(importLoops(graph), []);
  });

  it('the helper that finds table names in SQL finds them', () => {
    assert.ok(namesTable(`db.selectFrom('samples as s')`, 'samples'));
    assert.ok(namesTable('sql`select 1 from samples where`', 'samples'));
    assert.ok(namesTable('await sql<{ n: number }>`select count(*) from events`.execute(db)', 'events'));
    assert.ok(!namesTable(`@ApiDoc({ summary: 'unlinks of tags from samples' })`, 'samples'));
    assert.ok(!namesTable(`eb.fn.countAll().as('events')`, 'events'));
    assert.ok(namesTable(`.leftJoin('master_data_items', 'a', 'b')`, 'master_data_items'));
    assert.ok(!namesTable(`import { x } from '../../samples/samples.public.js'`, 'samples'));
    assert.ok(!namesTable(`const samplesCount = 1`, 'samples'));
  });

  describe('on a migrated database', () => {
    let tp: TestPlatform;
    before(async () => {
      tp = await createTestPlatform();
    });
    after(() => tp.close());

    it('every table and view belongs to exactly one module or to the platform, and each projection empties only its module\'s tables', async () => {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_name not like 'kysely_migration%'`.execute(tp.platform.db);
      const owners = new Map<string, string[]>();
      for (const t of PLATFORM_TABLES) owners.set(t, ['platform']);
      for (const m of MODULES) for (const t of m.tables) owners.set(t, [...(owners.get(t) ?? []), m.name]);
      assert.deepEqual(
        rows.map((r) => r.name).filter((name) => owners.get(name)?.length !== 1).sort(),
        [],
        'tables owned by no module, or by several',
      );
      assert.deepEqual([...owners.keys()].filter((t) => !rows.some((r) => r.name === t)), [], 'tables declared but not made by any migration');
      for (const m of MODULES) {
        for (const p of m.projections) assert.deepEqual(p.tables.filter((t) => !m.tables.includes(t)), [], `projection ${p.name} of ${m.name}`);
      }
    });
  });
});
