import type { EntityFields, EntityValues } from '@rfid/contracts';

/** A field an update changed, as a person reads it. */
export interface FieldChange<K extends string> {
  field: K;
  from: string | null;
  to: string | null;
}

/**
 * The fields whose value differs between `before` and `after`, in the table's order, each as a person
 * reads it: a reference by its item's name (`nameOf`; the id when the item is gone), anything else as
 * stored; null is blank.
 */
export function fieldChanges<T extends EntityFields>(
  fields: T,
  before: EntityValues<T>,
  after: EntityValues<T>,
  nameOf: (id: string) => string | undefined,
): FieldChange<keyof T & string>[] {
  const [b, a] = [before as Record<string, string | null>, after as Record<string, string | null>];
  const shown = (key: string, value: string | null | undefined): string | null => {
    if (value === null || value === undefined) return null;
    return fields[key]!.kind === 'reference' ? (nameOf(value) ?? value) : String(value);
  };
  return Object.keys(fields)
    .filter((key) => (b[key] ?? null) !== (a[key] ?? null))
    .map((key) => ({ field: key, from: shown(key, b[key]), to: shown(key, a[key]) }));
}
