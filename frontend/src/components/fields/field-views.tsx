import { fieldFilters, type EntityField, type EntityFields, type EnumField, type ReferenceField } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../FormDialog';
import type { Column } from '../list/DataTable';
import type { FilterSpec } from '../list/FilterBar';
import { LOOKUPS } from './lookup-endpoints';

type Row = Record<string, unknown>;
const valueOf = (row: unknown, key: string): unknown => (row as Row)[key];

/** An enum value as a person reads it: the translation `${label}_${value}` (samples.side_LEFT). */
export function enumLabel(t: TFunction, field: EntityField, value: string): string {
  return field.kind === 'enum' ? t(`${field.label}_${value}`) : value;
}

/** A field's value in a view (list row, detail): a reference's item name, an enum's label, a text as stored; null when blank. */
function displayValue(t: TFunction, key: string, field: EntityField, row: unknown): string | null {
  const value = valueOf(row, field.kind === 'reference' ? field.name : key);
  if (value === null || value === undefined || value === '') return null;
  return enumLabel(t, field, String(value));
}

export interface FieldViews<V> {
  /** The add / edit form: every field but those the system fills; required when the field has a blank code. */
  formFields: FieldSpec[];
  /** The list's columns for the fields it shows (sortable ones by their key). */
  columns: Column<V>[];
  /** The list's filters for the fields it filters by: a reference searches its catalogue's look-up, an enum offers its values. */
  filters: FilterSpec[];
  /** Every field of one row with its label, in table order (the detail page). */
  details: (row: V) => { key: string; label: string; value: ReactNode }[];
}

/**
 * Everything a screen shows of an entity, read from its field table (contracts' SAMPLE_FIELDS ...):
 * a field added to the table appears in the form, the list, the filters and the detail page.
 */
export function useFieldViews<V>(fields: EntityFields): FieldViews<V> {
  const { t } = useTranslation();
  const entries = Object.entries(fields);
  // a reference is a choice among its catalogue's items (searched on the server), an enum among its values
  const choice = (field: ReferenceField | EnumField) =>
    field.kind === 'reference'
      ? { type: 'lookup' as const, lookup: LOOKUPS.masterData(field.catalogue) }
      : { type: 'select' as const, options: field.values.map((v) => ({ value: v, label: enumLabel(t, field, v) })) };

  return {
    formFields: entries
      .filter(([, f]) => f.form !== false)
      .map(([key, f]) => ({
        name: key,
        labelKey: f.label,
        required: 'blank' in f && f.blank !== undefined,
        ...(f.kind === 'reference' || f.kind === 'enum' ? choice(f) : {}),
      })),
    columns: entries
      .filter(([, f]) => f.column)
      .map(([key, f]) => ({
        key: f.kind === 'reference' ? f.name : key,
        labelKey: f.label,
        sortField: f.column === 'sortable' ? key : undefined,
        render: (row: V) => displayValue(t, key, f, row) ?? '',
      })),
    filters: fieldFilters(fields).map(({ param, field }) => ({ name: param, labelKey: field.label, ...choice(field) })),
    details: (row) => entries.map(([key, f]) => ({ key, label: t(f.label), value: displayValue(t, key, f, row) })),
  };
}
