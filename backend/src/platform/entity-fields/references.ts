import { referenceFields, type EntityFields, type ErrorCode, type FieldKeysOf, type MasterDataKey } from '@rfid/contracts';

/** A master-data item as a reference rule sees it. */
export interface ReferencedItem {
  id: string;
  catalogue: string;
  status: 'ACTIVE' | 'INACTIVE';
}

/** A broken reference rule: the field and its error code. */
export interface ReferenceProblem<K extends string = string> {
  field: K;
  code: ErrorCode;
}

/** The ids an entity's references hold, by reference field. */
export type ReferenceIds<T extends EntityFields> = { readonly [K in FieldKeysOf<T, 'reference'>]: string | null };

/** The ids the reference fields of `values` name (null where blank). */
export function referencedIds<T extends EntityFields>(fields: T, values: ReferenceIds<T>): (string | null)[] {
  return referenceFields(fields).map((r) => values[r.key]);
}

/**
 * The broken reference rules of an entity's values, given the items their ids name: an id that names
 * no item of the field's catalogue is its `notFound`, an inactive item its `inactive`. A reference an
 * update leaves as it was (`previous`) may stay on an item deactivated since: editing the colour of an
 * old sample must not need its old season reactivated.
 */
export function referenceProblems<T extends EntityFields>(
  fields: T,
  values: ReferenceIds<T>,
  items: ReadonlyMap<string, ReferencedItem>,
  previous?: ReferenceIds<T> | null,
): ReferenceProblem<FieldKeysOf<T, 'reference'>>[] {
  const problems: ReferenceProblem<FieldKeysOf<T, 'reference'>>[] = [];
  for (const ref of referenceFields(fields)) {
    const id = values[ref.key];
    if (id === null) continue;
    const item = items.get(id);
    if (!item || item.catalogue !== ref.catalogue) problems.push({ field: ref.key, code: ref.notFound });
    else if (item.status !== 'ACTIVE' && previous?.[ref.key] !== id) problems.push({ field: ref.key, code: ref.inactive });
  }
  return problems;
}

/**
 * An imported row's references, which name master data by name or code, as ids: a text that finds
 * no item of the field's catalogue is its `notFound`, an inactive item its `inactive` (an import only
 * makes new entities, which take active items only). Blank stays null.
 */
export function resolveReferenceTexts<T extends EntityFields, R extends ReferenceIds<T>>(
  fields: T,
  row: R,
  find: (catalogue: MasterDataKey, text: string) => ReferencedItem | undefined,
): { values: R; problems: ReferenceProblem<FieldKeysOf<T, 'reference'>>[] } {
  const values = { ...row } as Record<string, string | null>;
  const problems: ReferenceProblem<FieldKeysOf<T, 'reference'>>[] = [];
  for (const ref of referenceFields(fields)) {
    const text = row[ref.key];
    if (text === null) continue;
    const item = find(ref.catalogue, text);
    if (!item || item.status !== 'ACTIVE') problems.push({ field: ref.key, code: item ? ref.inactive : ref.notFound });
    else values[ref.key] = item.id;
  }
  return { values: values as R, problems };
}
