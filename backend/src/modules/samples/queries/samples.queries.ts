import { Injectable } from '@nestjs/common';
import {
  fieldFilters,
  referenceFields,
  SAMPLE_FIELDS,
  type ListResponse,
  type ReferenceNames,
  type SampleDetail,
  type SampleFieldValues,
  type SampleFilter,
  type SampleListQuery,
  type SampleLookupItem,
  type SampleLookupQuery,
  type SampleSortField,
  type SampleTimelineEntry,
  type SampleView } from '@rfid/contracts';
import { sql, type Expression, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../platform/database/database.js';
import { allRowsOf, pageOf } from '../../../platform/database/paging.js';
import { searchPattern } from '../../../platform/database/vietnamese-text.js';
import { fieldChanges } from '../../../platform/entity-fields/entity-changes.js';
import { columnOf, fieldSortOrders, valuesOf } from '../../../platform/entity-fields/entity-columns.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { eventLog } from '../../../platform/event-store/event-log.js';
import type { EventMetadata } from '../../../platform/event-store/types.js';
import { Platform } from '../../../platform/platform.js';
import { activeNamesByCatalogue, masterDataNames } from '../../master-data/master-data.public.js';
import { lastSeenOf } from '../../readers/readers.public.js';
import type { TagEvent } from '../../rfid/rfid.events.js';
import type { SampleEvent } from '../samples.events.js';
import { sampleModel } from '../domain/sample.js';
import type { SamplesTable } from '../samples.tables.js';
import { placeOf, sampleJourney } from './sample-journey.js';
import { answeredBy, handlersOf } from '../../../platform/cqrs/read-query.js';

/** A column of the samples table as the list's queries name it. */
type SampleColumn = `s.${keyof SamplesTable & string}`;

/** The column that stores a field of SAMPLE_FIELDS. */
const column = (key: string) => `s.${columnOf(key)}` as SampleColumn;

/** The list's orders: the sortable fields (texts in Vietnamese order, as their indexes are made), then what the system keeps. */
const SORT = {
  ...fieldSortOrders(SAMPLE_FIELDS, 's'),
  usageCount: sql.ref('s.usage_count'),
  createdAt: sql.ref('s.created_at'),
  updatedAt: sql.ref('s.updated_at'),
} satisfies Record<SampleSortField, Expression<unknown>>;

const FILTERS = fieldFilters(SAMPLE_FIELDS);
const REFERENCES = referenceFields(SAMPLE_FIELDS);

/** The samples (deleted ones too) whose search key contains `q`, ignoring case and accents, found by the keys' trigram index. */
function samplesFoundBy(db: DbOrTx, q: string) {
  return db.selectFrom('sample_search_keys as k').where('k.search_key', 'like', searchPattern(q));
}

/** The samples of a filter (deleted ones never), without the names of their master data. */
export function filteredSamples(db: DbOrTx, f: Omit<SampleFilter, 'sort'>) {
  let query = db.selectFrom('samples as s').where('s.deleted_at', 'is', null);
  if (f.q) query = query.where('s.id', 'in', samplesFoundBy(db, f.q).select('k.sample_id'));
  for (const { param, key } of FILTERS) {
    const value = (f as Record<string, string | undefined>)[param];
    if (value !== undefined) query = query.where(sql.ref(column(key)), '=', value);
  }
  if (f.linked !== undefined) query = query.where('s.current_tag_code', f.linked ? 'is not' : 'is', null);
  if (f.missing !== undefined) query = query.where('s.missing_since', f.missing ? 'is not' : 'is', null);
  if (f.ids) query = query.where('s.id', 'in', f.ids.length ? f.ids : [null as never]);
  return query;
}

/** Whether a filter narrows the list by its attributes (the reference and enum filters). */
const filtersAttributes = (f: Omit<SampleFilter, 'sort'>) => FILTERS.some(({ param }) => (f as Record<string, unknown>)[param] !== undefined);

/** Whether the filter narrows the list beyond "all samples" or "with / without a tag" (whose totals are kept counted): missing ones are counted. */
function narrows(f: Omit<SampleFilter, 'sort'>): boolean {
  return Boolean(f.q) || filtersAttributes(f) || f.missing !== undefined || f.ids !== undefined;
}

/**
 * How many samples a narrowing filter matches. A text search alone is counted on the search keys,
 * without reading the samples: it may match thousands, and their keys lie on half the pages.
 */
async function countOf(db: DbOrTx, f: Omit<SampleFilter, 'sort'>): Promise<number> {
  const { n } =
    f.q && !filtersAttributes(f) && f.linked === undefined && f.missing === undefined && f.ids === undefined
      ? await samplesFoundBy(db, f.q)
          .where('k.deleted', '=', false)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : await filteredSamples(db, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
  return Number(n);
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

/** A sample row with the names of the master data it references (seasonName ...). */
export type SampleRow = Selectable<SamplesTable> & ReferenceNames<typeof SAMPLE_FIELDS>;

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
      REFERENCES.map((ref) =>
        eb
          .selectFrom(masterDataNames(db).as('m'))
          .select('m.name')
          .whereRef('m.id', '=', column(ref.key))
          .$asScalar()
          .as(ref.name),
      ),
    )
    .orderBy(SORT[f.sort.field], f.sort.dir)
    .orderBy('s.id', f.sort.dir)
    .$castTo<SampleRow>();
}

/** A sample as an export reads it: its fields (master data by id) and what the system keeps. */
export interface ExportedSample {
  fields: SampleFieldValues;
  currentTagCode: string | null;
  usageCount: number;
  /** The date updated, in epoch milliseconds. */
  updatedMs: number;
}

export function toSampleView(r: SampleRow): SampleView {
  const names = Object.fromEntries(REFERENCES.map((ref) => [ref.name, (r as Record<string, unknown>)[ref.name] ?? null])) as ReferenceNames<typeof SAMPLE_FIELDS>;
  return {
    id: r.id,
    ...valuesOf(SAMPLE_FIELDS, r),
    ...names,
    currentTagCode: r.current_tag_code,
    usageCount: r.usage_count,
    missingSince: r.missing_since?.toISOString() ?? null,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The events of a sample's timeline: its own stream's, and the tag links and unlinks that name it. */
type TimelineEvent = SampleEvent | Extract<TagEvent, { type: 'TagLinked' | 'TagUnlinked' }>;

/** Reads of the samples read model, and a sample's timeline from the event store. */
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
      narrows(q) ? countOf(db, q) : undefined,
    ]);
    const [stored, linked] = [counts?.total ?? 0, counts?.linked ?? 0];
    const total = counted ?? (q.linked === undefined ? stored : q.linked ? linked : stored - linked);
    const answer = { data: [] as SampleView[], total, page: q.page, size: q.size };
    if ((q.page - 1) * q.size >= total) return answer;
    const rows = await samplesWithNames(db, q, counted !== undefined && filterFirst(total, stored, q))
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { ...answer, data: rows.map(toSampleView) };
  }

  /** A page of the samples to choose from, by code: those the search finds (as the list's search does), or those the ids name. */
  lookup(q: SampleLookupQuery): Promise<ListResponse<SampleLookupItem>> {
    let query = filteredSamples(this.platform.db, { q: q.q, linked: q.linked }).select(['s.id', 's.sample_code', 's.name', 's.model_name', 's.art_number', 's.current_tag_code']);
    if (q.ids) query = query.where('s.id', 'in', q.ids.length ? q.ids : [null as never]);
    return pageOf(query.orderBy(SORT.sampleCode).orderBy('s.id'), q, (r) => ({
      id: r.id,
      sampleCode: r.sample_code,
      name: r.name,
      modelName: r.model_name,
      artNumber: r.art_number,
      currentTagCode: r.current_tag_code,
    }));
  }

  /**
   * Every sample of the filter, all pages, for an export: the columns a file shows, master data by
   * id, and their names from one read of the items (a lookup per row, not a join per row).
   */
  async all(f: SampleFilter): Promise<{ rows: AsyncGenerator<ExportedSample>; nameOf: (id: string | null) => string | null }> {
    const items = await masterDataNames(this.platform.db).execute();
    const names = new Map(items.map((i) => [i.id, i.name]));
    const rows = allRowsOf(this.platform.db, (db) =>
      filteredSamples(db, f)
        .select(Object.keys(SAMPLE_FIELDS).map(column))
        .select(['s.current_tag_code', 's.usage_count'])
        // epoch milliseconds: parsing 50,000 timestamps as text took longer than the query
        .select(sql<number>`(extract(epoch from s.updated_at) * 1000)::float8`.as('updated_ms'))
        .orderBy(SORT[f.sort.field], f.sort.dir)
        .orderBy('s.id', f.sort.dir),
    );
    async function* exported(): AsyncGenerator<ExportedSample> {
      for await (const r of rows) yield { fields: valuesOf(SAMPLE_FIELDS, r), currentTagCode: r.current_tag_code, usageCount: r.usage_count, updatedMs: r.updated_ms };
    }
    return { rows: exported(), nameOf: (id) => (id === null ? null : (names.get(id) ?? null)) };
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
   * A sample as its page shows it: also where a reader last saw its current tag, where it is now (in a
   * zone, or out on a ticket since when and by whom), and what its usage count adds up (tag links, loans).
   */
  async detail(id: string): Promise<SampleDetail> {
    const db = this.platform.db;
    const sample = await this.get(id);
    const tag = sample.currentTagCode;
    const [seen, journey] = await Promise.all([tag ? lastSeenOf(db, [tag]).then((s) => s.get(tag)) : undefined, sampleJourney(db, id)]);
    const zoneIds = [journey.lastMove?.ticket.warehouseId, sample.currentZoneId].filter((z): z is string => !!z);
    const zones = new Map(zoneIds.length ? (await masterDataNames(db).where('id', 'in', zoneIds).execute()).map((z) => [z.id, z.name]) : []);
    return {
      ...sample,
      currentTagLastSeen: seen ?? null,
      place: placeOf(journey, sample.currentZoneId, (zoneId) => (zoneId ? (zones.get(zoneId) ?? null) : null)),
      usage: { links: sample.usageCount - journey.loans, loans: journey.loans },
    };
  }

  /**
   * The sample's timeline, newest first: registered, each update with the fields it changed (master
   * data by name), the tags linked to it and unlinked from it (those events live in the tags'
   * streams and are found by the partial index on their sampleId), and its journey: the tickets that
   * moved it, the gates it passed, the stocktakes that counted it. A deleted sample is NOT_FOUND.
   */
  async timeline(id: string): Promise<SampleTimelineEntry[]> {
    await this.get(id);
    const db = this.platform.db;
    const journey = sampleJourney(db, id);
    const log = () => db.selectFrom(eventLog(db).as('e')).select(['e.global_position', 'e.recorded_at', 'e.type', 'e.data', 'e.metadata']);
    const rows = await log()
      .where('e.stream_id', '=', sampleModel.streamId(id))
      // the condition of the partial index on the tag events' sampleId, written out so the planner uses it
      .unionAll(log().where(sql<boolean>`e.type in ('TagLinked', 'TagUnlinked') and e.data->>'sampleId' = ${id}`))
      .orderBy('global_position')
      .execute();
    const events = rows.map((r) => ({ ...r, metadata: r.metadata as EventMetadata, ...({ type: r.type, data: r.data } as TimelineEvent) }));
    const nameOf = await this.namesOfReferences(events.flatMap((e) => (e.type === 'SampleRegistered' || e.type === 'SampleUpdated' ? [e.data] : [])));
    let previous: SampleFieldValues | undefined;
    const entries = events.flatMap((e): SampleTimelineEntry[] => {
      const at = {
        id: Number(e.global_position),
        recordedAt: e.recorded_at.toISOString(),
        actor: { id: e.metadata.actor?.id ?? null, name: e.metadata.actor?.name ?? null, kind: e.metadata.actor?.kind ?? 'system' },
      };
      switch (e.type) {
        case 'SampleRegistered':
          previous = e.data;
          return [{ action: e.type, ...at }];
        case 'SampleUpdated': {
          const changes = previous ? fieldChanges(SAMPLE_FIELDS, previous, e.data, nameOf) : [];
          previous = e.data;
          return [{ action: e.type, ...at, changes }];
        }
        case 'TagLinked':
          return [{ action: e.type, ...at, tagCode: e.data.tagCode }];
        case 'TagUnlinked':
          return [{ action: e.type, ...at, tagCode: e.data.tagCode, reason: e.data.reason ?? null }];
        case 'SampleDeleted':
          return [];
      }
    });
    // its own events and the tags', then the tickets, gates and stocktakes it went through, in the order they happened
    return [...entries, ...(await journey).entries].sort((a, b) => b.id - a.id);
  }

  /** The names of the master data that these values of a sample reference, by id. */
  private async namesOfReferences(values: SampleFieldValues[]): Promise<(id: string) => string | undefined> {
    const ids = [...new Set(values.flatMap((v) => REFERENCES.map((ref) => v[ref.key]).filter((id): id is string => id !== null)))];
    if (ids.length === 0) return () => undefined;
    const items = await masterDataNames(this.platform.db).where('id', 'in', ids).execute();
    const names = new Map(items.map((i) => [i.id, i.name]));
    return (id) => names.get(id);
  }
}

/*
 * The samples' queries, each a message on the QueryBus and its handler reading the read model above.
 */

/** A page of the samples. */
export class ListSamples extends answeredBy(SampleQueries, (samples, query: SampleListQuery) => samples.list(query)) {}

/** Samples to choose from, by code or name. */
export class LookUpSamples extends answeredBy(SampleQueries, (samples, query: SampleLookupQuery) => samples.lookup(query)) {}

/** Every sample of a filter with the names of what it references (the Excel export). */
export class SamplesOfFilter extends answeredBy(SampleQueries, (samples, filter: SampleFilter) => samples.all(filter)) {}

/** The drop-down lists of the import template. */
export class SampleTemplateLists extends answeredBy(SampleQueries, (samples) => samples.templateLists()) {}

/** A sample that is not deleted. */
export class GetSample extends answeredBy(SampleQueries, (samples, sampleId: string) => samples.get(sampleId)) {}

/** A sample with its tag and where it was seen. */
export class GetSampleDetail extends answeredBy(SampleQueries, (samples, sampleId: string) => samples.detail(sampleId)) {}

/** A sample's history. */
export class GetSampleTimeline extends answeredBy(SampleQueries, (samples, sampleId: string) => samples.timeline(sampleId)) {}

export const SAMPLE_QUERY_HANDLERS = handlersOf(ListSamples, LookUpSamples, SamplesOfFilter, SampleTemplateLists, GetSample, GetSampleDetail, GetSampleTimeline);
