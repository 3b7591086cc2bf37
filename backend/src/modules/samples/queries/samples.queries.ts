import { Injectable } from '@nestjs/common';
import type { ListResponse, SampleFilter, SampleHistoryEntry, SampleListQuery, SampleView } from '@rfid/contracts';
import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, likePattern } from '../../../platform/database/paging.js';
import type { SamplesTable } from '../samples.tables.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import { summarize } from '../../audit/system-log.queries.js';
import { activeNamesByCatalogue } from '../../master-data/queries/master-data.queries.js';
import { sampleModel } from '../domain/sample.js';

const SORT = {
  sampleCode: 's.sample_code',
  name: 's.name',
  modelName: 's.model_name',
  artNumber: 's.art_number',
  usageCount: 's.usage_count',
  createdAt: 's.created_at',
  updatedAt: 's.updated_at',
} as const;

/** The samples of a filter (deleted ones never), without the names of their master data. */
export function filteredSamples(db: DbOrTx, f: Omit<SampleFilter, 'sort'>) {
  let query = db.selectFrom('samples as s').where('s.deleted_at', 'is', null);
  // code, name, model, art number and colour in one generated column, which a trigram index serves
  if (f.q) query = query.where('s.search_text', 'ilike', likePattern(f.q));
  if (f.seasonId) query = query.where('s.season_id', '=', f.seasonId);
  if (f.stageId) query = query.where('s.stage_id', '=', f.stageId);
  if (f.typeId) query = query.where('s.type_id', '=', f.typeId);
  if (f.sizeId) query = query.where('s.size_id', '=', f.sizeId);
  if (f.genderId) query = query.where('s.gender_id', '=', f.genderId);
  if (f.side) query = query.where('s.side', '=', f.side);
  if (f.categoryId) query = query.where('s.category_id', '=', f.categoryId);
  if (f.customerId) query = query.where('s.customer_id', '=', f.customerId);
  if (f.zoneId) query = query.where('s.current_zone_id', '=', f.zoneId);
  if (f.linked !== undefined) query = query.where('s.current_tag_code', f.linked ? 'is not' : 'is', null);
  return query;
}

/** The referenced master data whose names a sample row carries, by the column that references it. */
const NAMED_REFERENCES = [
  ['season_id', 'season_name'],
  ['stage_id', 'stage_name'],
  ['type_id', 'type_name'],
  ['size_id', 'size_name'],
  ['gender_id', 'gender_name'],
  ['category_id', 'category_name'],
  ['customer_id', 'customer_name'],
  ['current_zone_id', 'zone_name'],
] as const;

/** Whether the filter narrows the list beyond "all samples" or "with / without a tag" (whose totals are kept counted). */
function narrows(f: Omit<SampleFilter, 'sort'>): boolean {
  return Boolean(f.q || f.seasonId || f.stageId || f.typeId || f.sizeId || f.genderId || f.side || f.categoryId || f.customerId || f.zoneId);
}

/**
 * Whether a page is better found by filtering first and sorting what matched (reads every match)
 * than by walking the index of the order and keeping what matches (reads about as many entries as the
 * page's last row times the samples per match). PostgreSQL prefers the walk from its estimates, and
 * it reads the whole index when few rows match, or none: filters that rarely go together.
 */
function filterFirst(matching: number, stored: number, q: { page: number; size: number }): boolean {
  return matching * matching < q.page * q.size * stored;
}

/**
 * The filtered, sorted samples with the names of the master data they reference: what the list
 * shows. The names come from scalar subqueries, run for the rows of the page only: eight joins made
 * PostgreSQL spend 35 ms choosing a join order for every page. `filterFirst` puts the filter in a
 * subquery that the planner keeps apart (OFFSET 0), so it filters by its indexes, then sorts.
 */
function samplesWithNames(db: DbOrTx, f: SampleFilter, filterFirst = false) {
  const source = filterFirst ? db.selectFrom(filteredSamples(db, f).selectAll('s').offset(0).as('s')) : filteredSamples(db, f);
  return source
    .selectAll('s')
    .select((eb) =>
      NAMED_REFERENCES.map(([column, alias]) =>
        eb
          .selectFrom('master_data_items as m')
          .select('m.name')
          .whereRef('m.id', '=', `s.${column}`)
          .$asScalar()
          .as(alias),
      ),
    )
    .orderBy(SORT[f.sort.field], f.sort.dir)
    .orderBy('s.id', f.sort.dir);
}

export type SampleRow = Selectable<SamplesTable> & {
  season_name: string | null;
  stage_name: string | null;
  type_name: string | null;
  size_name: string | null;
  gender_name: string | null;
  category_name: string | null;
  customer_name: string | null;
  zone_name: string | null;
};

const EXPORTED_COLUMNS = [
  's.sample_code',
  's.name',
  's.model_name',
  's.art_number',
  's.season_id',
  's.stage_id',
  's.type_id',
  's.size_id',
  's.gender_id',
  's.side',
  's.color',
  's.category_id',
  's.customer_id',
  's.current_zone_id',
  's.current_tag_code',
  's.usage_count',
] as const;

/** A sample as an export reads it. */
export type ExportedSample = Pick<
  Selectable<SamplesTable>,
  | 'sample_code'
  | 'name'
  | 'model_name'
  | 'art_number'
  | 'season_id'
  | 'stage_id'
  | 'type_id'
  | 'size_id'
  | 'gender_id'
  | 'side'
  | 'color'
  | 'category_id'
  | 'customer_id'
  | 'current_zone_id'
  | 'current_tag_code'
  | 'usage_count'
> & { updated_ms: number };

export function toSampleView(r: SampleRow): SampleView {
  return {
    id: r.id,
    sampleCode: r.sample_code,
    name: r.name,
    modelName: r.model_name,
    artNumber: r.art_number,
    seasonId: r.season_id,
    seasonName: r.season_name,
    stageId: r.stage_id,
    stageName: r.stage_name,
    typeId: r.type_id,
    typeName: r.type_name,
    sizeId: r.size_id,
    sizeName: r.size_name,
    genderId: r.gender_id,
    genderName: r.gender_name,
    side: r.side,
    color: r.color,
    categoryId: r.category_id,
    categoryName: r.category_name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    currentZoneId: r.current_zone_id,
    zoneName: r.zone_name,
    currentTagCode: r.current_tag_code,
    usageCount: r.usage_count,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The events a sample's timeline shows besides its own stream's. */
export const SAMPLE_TIMELINE_TAG_EVENTS = ['TagLinked', 'TagUnlinked'];

/** Reads of the samples read model, and a sample's history from the event store. */
@Injectable()
export class SampleQueries {
  constructor(private readonly platform: Platform) {}

  /**
   * A page and the total of its filter. The total of an unfiltered list (or of "with / without a tag")
   * is the kept count, not a count of every row.
   */
  async list(q: SampleListQuery): Promise<ListResponse<SampleView>> {
    const db = this.platform.db;
    const [counts, counted] = await Promise.all([
      db.selectFrom('sample_counts').select(['total', 'linked']).executeTakeFirst(),
      narrows(q)
        ? filteredSamples(db, q)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        : undefined,
    ]);
    const [stored, linked] = [counts?.total ?? 0, counts?.linked ?? 0];
    const total = counted ? Number(counted.n) : q.linked === undefined ? stored : q.linked ? linked : stored - linked;
    const answer = { data: [] as SampleView[], total, page: q.page, size: q.size };
    if ((q.page - 1) * q.size >= total) return answer;
    const rows = await samplesWithNames(db, q, counted !== undefined && filterFirst(total, stored, q))
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { ...answer, data: rows.map(toSampleView) };
  }

  /**
   * Every sample of the filter, all pages, for an export: the columns a file shows, master data by
   * id, and their names from one read of master_data_items (a lookup per row, not a join per row).
   */
  async all(f: SampleFilter): Promise<{ rows: AsyncGenerator<ExportedSample>; nameOf: (id: string | null) => string | null }> {
    const items = await this.platform.db.selectFrom('master_data_items').select(['id', 'name']).execute();
    const names = new Map(items.map((i) => [i.id, i.name]));
    const rows = allRowsOf(this.platform.db, (db) =>
      filteredSamples(db, f)
        .select(EXPORTED_COLUMNS)
        // epoch milliseconds: parsing 50,000 timestamps as text took longer than the query
        .select(sql<number>`(extract(epoch from s.updated_at) * 1000)::float8`.as('updated_ms'))
        .orderBy(SORT[f.sort.field], f.sort.dir)
        .orderBy('s.id', f.sort.dir),
    );
    return { rows, nameOf: (id) => (id === null ? null : (names.get(id) ?? null)) };
  }

  /** The drop-down lists of the import template: the active items' names of each catalogue. */
  templateLists() {
    return activeNamesByCatalogue(this.platform.db);
  }

  /** A sample that is not deleted. */
  async get(id: string): Promise<SampleView> {
    const row = await samplesWithNames(this.platform.db, { sort: { field: 'updatedAt', dir: 'desc' } })
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return toSampleView(row);
  }

  /**
   * The sample's events and the links and unlinks of tags to it, oldest first (the tag events live in
   * the tags' streams and are found by the partial index on their sampleId).
   */
  async history(id: string): Promise<SampleHistoryEntry[]> {
    await this.get(id);
    const { rows } = await sql<{ global_position: number; recorded_at: Date; type: string; data: unknown; metadata: EventMetadata }>`
      select global_position, recorded_at, type, data, metadata from events where stream_id = ${sampleModel.streamId(id)}
      union all
      select global_position, recorded_at, type, data, metadata from events
      where type in ('TagLinked', 'TagUnlinked') and data->>'sampleId' = ${id}
      order by global_position`.execute(this.platform.db);
    return rows.map((r) => ({
      id: Number(r.global_position),
      recordedAt: r.recorded_at.toISOString(),
      action: r.type,
      actor: { id: r.metadata.actor?.id ?? null, name: r.metadata.actor?.name ?? null, kind: r.metadata.actor?.kind ?? 'system' },
      summary: summarize(r.data),
      data: r.data,
    }));
  }
}
