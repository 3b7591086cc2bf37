import { searchedKeys, sortableKeys, type EntityFields, type EntityValues, type FieldValue, type SortableKey } from '@rfid/contracts';
import { sql, type RawBuilder } from 'kysely';
import { inVietnameseOrder, searchKey } from '../database/vietnamese-text.js';

/*
 * An entity's fields as its read-model table stores them: each field in the column of its key in
 * snake case (seasonId → season_id), so the table of fields and the migration are the only places
 * that name them.
 */

/** The column of a field key: seasonId → season_id. */
export type ColumnOf<K extends string> = K extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnOf<Rest>}`
  : K;

export function columnOf<K extends string>(key: K): ColumnOf<K> {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ColumnOf<K>;
}

/** The columns of an entity's fields, with their values. */
export type EntityRow<T extends EntityFields> = { [K in keyof T & string as ColumnOf<K>]: FieldValue<T[K]> };

/** The list's orders of an entity's sortable fields, columns of the table `alias`: a text in Vietnamese order (as its index is made), a number as it is. */
export function fieldSortOrders<T extends EntityFields>(fields: T, alias: string): Record<SortableKey<T>, RawBuilder<unknown>> {
  return Object.fromEntries(
    sortableKeys(fields).map((key) => {
      const column = `${alias}.${columnOf(key)}`;
      return [key, fields[key]!.kind === 'integer' ? sql.ref(column) : inVietnameseOrder(column)];
    }),
  ) as Record<SortableKey<T>, RawBuilder<unknown>>;
}

/** The row a read model writes for these values. */
export function rowOf<T extends EntityFields>(fields: T, values: EntityValues<T>): EntityRow<T> {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fields).map((key) => [columnOf(key), v[key]])) as EntityRow<T>;
}

/** The values a read model's row holds. */
export function valuesOf<T extends EntityFields>(fields: T, row: EntityRow<T>): EntityValues<T> {
  const r = row as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fields).map((key) => [key, r[columnOf(key)]])) as EntityValues<T>;
}

/** The columns of some of an entity's values (those an update changes). */
export function columnsOf<T extends EntityFields, V extends Partial<EntityValues<T>>>(fields: T, values: V): Partial<EntityRow<T>> {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(fields).flatMap((key) => (key in v ? [[columnOf(key), v[key]]] : []))) as Partial<EntityRow<T>>;
}

/** The values of the fields marked `search`, in table order: what the list's text search compares. */
export function searchedTexts<T extends EntityFields>(fields: T, values: Partial<EntityValues<T>>): (string | null | undefined)[] {
  const v = values as Record<string, string | null | undefined>;
  return searchedKeys(fields).map((key) => v[key]);
}

/** The search key of an entity (what its list's text search compares): the values of its fields marked `search`. */
export function searchKeyOf<T extends EntityFields>(fields: T, values: EntityValues<T>): string {
  return searchKey(...searchedTexts(fields, values));
}
