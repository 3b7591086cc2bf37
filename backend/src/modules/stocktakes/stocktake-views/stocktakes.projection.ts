import { STOCKTAKE_FIELDS } from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../../platform/database/database.js';
import { searchKey } from '../../../platform/database/vietnamese-text.js';
import { columnsOf, rowOf, searchedTexts } from '../../../platform/entity-fields/entity-columns.js';
import { registerConstraintErrors } from '../../../platform/errors/constraint-errors.js';
import type { StoredEvent } from '../../../platform/event-store/types.js';
import type { InlineProjection } from '../../../platform/projections/inline-projections.js';
import type { CountedTag, ExpectedLine, StocktakeEvent } from '../stocktakes.events.js';
import type { StocktakeLinesTable } from './stocktake-views.tables.js';
import { codeOf } from '../../../platform/projections/projection-rows.js';

registerConstraintErrors({ stocktakes_code_key: 'CONCURRENCY_CONFLICT' });

type Of<T extends StocktakeEvent['type']> = StoredEvent<Extract<StocktakeEvent, { type: T }>['data']>;

/** An event of the stocktake's own stream: who acted last (a person, the command line, the system), its version and position. */
const touched = (e: StoredEvent) => ({
  updated_by_id: e.metadata.actor?.id ?? null,
  updated_by_name: e.metadata.actor?.name ?? null,
  updated_at: e.recordedAt,
  version: e.streamVersion,
  position: e.globalPosition,
});

/** A line as the table holds it, passed to SQL as one JSON array (a chunk is up to 5,000 lines: one parameter, not 80,000). */
type LineRow = Omit<Selectable<StocktakeLinesTable>, 'id' | 'stocktake_id' | 'ignored' | 'ignore_note'>;

async function insertLines(tx: Tx, stocktakeId: string, rows: LineRow[]): Promise<void> {
  if (!rows.length) return;
  await sql`
    insert into stocktake_lines (stocktake_id, key, kind, item_id, code, name, zone_id, epc, expected, found, result, reason, other_zone_id, search_key)
    select ${stocktakeId}::uuid, x.key, x.kind, x.item_id, x.code, x.name, x.zone_id, x.epc, x.expected, x.found, x.result, x.reason, x.other_zone_id, x.search_key
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(key text, kind text, item_id uuid, code text, name text, zone_id uuid, epc text,
      expected integer, found integer, result text, reason text, other_zone_id uuid, search_key text)
    on conflict (stocktake_id, key) do nothing`.execute(tx);
}

/** An expected line: MISSING until counted. Its tag is not known yet: a sample's line shows the tag it is found by. */
function expectedRow(l: ExpectedLine): LineRow {
  const code = l.code ?? l.itemId;
  const name = l.name ?? null;
  return { key: l.key, kind: l.kind, item_id: l.itemId, code, name, zone_id: l.zoneId, epc: l.epc ?? null, expected: l.expected, found: 0, result: 'MISSING', reason: null, other_zone_id: null, search_key: searchKey(code, name, l.epc) };
}

function abnormalRow(t: CountedTag): LineRow {
  const code = t.code ?? t.epc;
  const name = t.name ?? null;
  return {
    key: `epc:${t.epc}`,
    kind: t.kind,
    item_id: t.itemId,
    code,
    name,
    zone_id: t.zoneId,
    epc: t.epc,
    expected: 0,
    found: t.units,
    result: 'ABNORMAL',
    reason: t.reason,
    other_zone_id: t.otherZoneId,
    search_key: searchKey(code, name, t.epc),
  };
}

/**
 * The stocktake's totals, from its lines. Expected, found and missing count units: a sample's line is
 * one, a product's its quantity (3 expected, 2 found: 2 found and 1 missing, not a missing line).
 * Abnormal and ignored count lines (tags); an ignored line is neither missing nor abnormal.
 */
async function retotal(tx: Tx, stocktakeId: string, set: Record<string, unknown>): Promise<void> {
  await sql`
    update stocktakes t set
      expected_total = c.expected, found_total = c.found, missing_total = c.missing, abnormal_total = c.abnormal, ignored_total = c.ignored
    from (
      select coalesce(sum(expected) filter (where result <> 'ABNORMAL'), 0)::int as expected,
             coalesce(sum(least(found, expected)) filter (where result <> 'ABNORMAL'), 0)::int as found,
             coalesce(sum(greatest(expected - found, 0)) filter (where result <> 'ABNORMAL' and not ignored), 0)::int as missing,
             count(*) filter (where result = 'ABNORMAL' and not ignored)::int as abnormal,
             count(*) filter (where ignored)::int as ignored
      from stocktake_lines where stocktake_id = ${stocktakeId}
    ) c
    where t.id = ${stocktakeId}`.execute(tx);
  if (Object.keys(set).length) await tx.updateTable('stocktakes').set(set).where('id', '=', stocktakeId).execute();
}

/** The counted tags of one stocktake: each EPC scanned once, expected lines' units added (FOUND once all are there), abnormal tags their own lines. */
async function count(tx: Tx, stocktakeId: string, tags: CountedTag[]): Promise<void> {
  if (!tags.length) return;
  await sql`insert into stocktake_scans (stocktake_id, epc) select ${stocktakeId}::uuid, unnest(${tags.map((t) => t.epc)}::text[]) on conflict do nothing`.execute(tx);
  const units = new Map<string, { units: number; epc: string | null; searchKey: string | null }>();
  for (const t of tags) {
    if (!t.key) continue;
    const before = units.get(t.key);
    // a sample's line shows its tag (found by it too); a product's line stands for many tags
    const sample = t.kind === 'SAMPLE';
    units.set(t.key, { units: (before?.units ?? 0) + t.units, epc: sample ? t.epc : null, searchKey: sample ? searchKey(t.code, t.name, t.epc) : null });
  }
  if (units.size) {
    const found = [...units.values()];
    // one row per key in the unnest: an update joined to two rows of one line would add only one
    await sql`
      update stocktake_lines l set found = l.found + u.units, result = case when l.found + u.units >= l.expected then 'FOUND' else 'MISSING' end,
        epc = coalesce(u.epc, l.epc), search_key = coalesce(u.search_key, l.search_key)
      from unnest(${[...units.keys()]}::text[], ${found.map((f) => f.units)}::int[], ${found.map((f) => f.epc)}::text[], ${found.map((f) => f.searchKey)}::text[])
        as u(key, units, epc, search_key)
      where l.stocktake_id = ${stocktakeId} and l.key = u.key`.execute(tx);
  }
  await insertLines(tx, stocktakeId, tags.filter((t) => !t.key).map(abnormalRow));
  await sql`update stocktakes set scanned_total = scanned_total + ${tags.length} where id = ${stocktakeId}`.execute(tx);
}

/**
 * Runs of events grouped by stocktake, in order: each stocktake retotalled once, at its last event's
 * position. These events are on streams of their own (a chunk of counts, of the expected list): the
 * stocktake's version, which its edit form is checked against, stays as it was.
 */
function byStocktake<T extends { stocktakeId: string }>(events: StoredEvent<T>[]): Map<string, StoredEvent<T>[]> {
  const out = new Map<string, StoredEvent<T>[]>();
  for (const e of events) out.set(e.data.stocktakeId, [...(out.get(e.data.stocktakeId) ?? []), e]);
  return out;
}

async function tagsCounted(tx: Tx, events: Of<'StocktakeTagsCounted'>[]): Promise<void> {
  for (const [stocktakeId, list] of byStocktake(events)) {
    await count(tx, stocktakeId, list.flatMap((e) => e.data.tags));
    await retotal(tx, stocktakeId, { position: list[list.length - 1]!.globalPosition });
  }
}

async function expectedTaken(tx: Tx, events: Of<'StocktakeExpectedTaken'>[]): Promise<void> {
  for (const [stocktakeId, list] of byStocktake(events)) {
    for (const e of list) await insertLines(tx, stocktakeId, e.data.lines.map(expectedRow));
    await retotal(tx, stocktakeId, { position: list[list.length - 1]!.globalPosition });
  }
}

/**
 * `stocktakes` (each ticket with its totals), `stocktake_lines` (expected lines FOUND or MISSING,
 * abnormal tags as `epc:{EPC}` lines, ignored lines) and `stocktake_scans` (each EPC once per
 * stocktake), from the stocktake streams in the append's transaction. A reset takes the lines back to
 * the expected list as it was taken.
 */
export const stocktakesProjection: InlineProjection = {
  name: 'stocktakes',
  tables: ['stocktakes', 'stocktake_lines', 'stocktake_scans'],
  handlers: {
    StocktakeCreated: async (tx, e: Of<'StocktakeCreated'>) => {
      const d = e.data;
      await tx
        .insertInto('stocktakes')
        .values({
          id: d.stocktakeId,
          code: d.code,
          ...rowOf(STOCKTAKE_FIELDS, d),
          status: 'CREATE',
          corrections: null,
          created_by_id: e.metadata.actor?.id ?? null,
          created_by_name: e.metadata.actor?.name ?? null,
          created_at: e.recordedAt,
          started_at: null,
          closed_at: null,
          search_key: searchKey(d.code, ...searchedTexts(STOCKTAKE_FIELDS, d)),
          ...touched(e),
        })
        .execute();
    },
    StocktakeExpectedTaken: (tx, e: Of<'StocktakeExpectedTaken'>) => expectedTaken(tx, [e]),
    StocktakeUpdated: async (tx, e: Of<'StocktakeUpdated'>) => {
      const d = e.data;
      // the search key holds the code, which the event does not carry
      const code = await codeOf(tx, 'stocktakes', d.stocktakeId);
      await tx
        .updateTable('stocktakes')
        .set({ ...columnsOf(STOCKTAKE_FIELDS, d), search_key: searchKey(code, ...searchedTexts(STOCKTAKE_FIELDS, d)), ...touched(e) })
        .where('id', '=', d.stocktakeId)
        .execute();
    },
    StocktakeStarted: async (tx, e: Of<'StocktakeStarted'>) => {
      await tx.updateTable('stocktakes').set({ status: 'INVENTORIZING', started_at: e.recordedAt, ...touched(e) }).where('id', '=', e.data.stocktakeId).execute();
    },
    StocktakeTagsCounted: (tx, e: Of<'StocktakeTagsCounted'>) => tagsCounted(tx, [e]),
    StocktakeLineIgnored: async (tx, e: Of<'StocktakeLineIgnored'>) => {
      const d = e.data;
      await tx.updateTable('stocktake_lines').set({ ignored: true, ignore_note: d.note }).where('stocktake_id', '=', d.stocktakeId).where('key', '=', d.lineKey).execute();
      await retotal(tx, d.stocktakeId, touched(e));
    },
    StocktakeReset: async (tx, e: Of<'StocktakeReset'>) => {
      const id = e.data.stocktakeId;
      await tx.deleteFrom('stocktake_lines').where('stocktake_id', '=', id).where('result', '=', 'ABNORMAL').execute();
      // the lines as taken: nothing found, nothing ignored (a sample's line keeps its tag: it was taken with it)
      await tx.updateTable('stocktake_lines').set({ found: 0, result: 'MISSING', ignored: false, ignore_note: null }).where('stocktake_id', '=', id).execute();
      await tx.deleteFrom('stocktake_scans').where('stocktake_id', '=', id).execute();
      await retotal(tx, id, { status: 'CREATE', started_at: null, scanned_total: 0, ...touched(e) });
    },
    StocktakeClosed: async (tx, e: Of<'StocktakeClosed'>) => {
      const d = e.data;
      await tx
        .updateTable('stocktakes')
        .set({ status: 'CLOSED', closed_at: e.recordedAt, corrections: JSON.stringify(d.corrections) as never, ...touched(e) })
        .where('id', '=', d.stocktakeId)
        .execute();
    },
  },
  batchHandlers: {
    StocktakeTagsCounted: (tx, events) => tagsCounted(tx, events as Of<'StocktakeTagsCounted'>[]),
    StocktakeExpectedTaken: (tx, events) => expectedTaken(tx, events as Of<'StocktakeExpectedTaken'>[]),
  },
};
