import { enumValueLabel, fieldFilters, isRequired, type EntityField, type EntityFields, type EnumField, type Many, type NamedRecord, type RecordField, type ReferenceField } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps, FieldSpec } from '../FormDialog';
import { formatDateTime } from '../../i18n/format';
import type { Column } from '../list/DataTable';
import type { FilterSpec } from '../list/FilterBar';
import { DateTimeInput } from './DateTimeInput';
import { LOOKUPS } from './lookup-endpoints';

type Row = Record<string, unknown>;
const valueOf = (row: unknown, key: string): unknown => (row as Row)[key];

/** An enum value as a person reads it: the translation `${label}_${value}` (samples.side_LEFT). */
export function enumLabel(t: TFunction, field: EntityField, value: string): string {
  return field.kind === 'enum' ? t(enumValueLabel(field, value)) : value;
}

/** Whether a field names several items or records (zones, gates). */
const isMany = (field: EntityField): field is (ReferenceField | RecordField) & { many: Many } => (field.kind === 'reference' || field.kind === 'record') && !!field.many;

/** A field's value in a view (list row, detail): a reference's item name, several items' names, an enum's label, a moment in the user's time; null when blank. */
function displayValue(t: TFunction, key: string, field: EntityField, row: unknown): string | null {
  if (field.kind === 'custom') return null;
  if (isMany(field)) {
    const named = (valueOf(row, field.name) as NamedRecord[] | undefined) ?? [];
    return named.length ? named.map((n) => (n.code ? `${n.name} (${n.code})` : n.name)).join(', ') : null;
  }
  const value = valueOf(row, field.kind === 'reference' || field.kind === 'record' ? field.name : key);
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'datetime') return formatDateTime(String(value));
  return enumLabel(t, field, String(value));
}

/** A moment's editor: its date and time in the user's time zone. */
function MomentEditor({ labelKey, ...p }: CustomFieldProps & { labelKey: string }) {
  const { t } = useTranslation();
  return <DateTimeInput id={p.id} value={typeof p.value === 'string' ? p.value : ''} onChange={p.onChange} label={t(labelKey)} disabled={p.disabled} intent={p.error ? 'danger' : 'none'} />;
}

/** The look-up route a reference or a record is chosen from. */
export function lookupOf(field: ReferenceField | RecordField): string {
  return field.kind === 'reference' ? LOOKUPS.masterData(field.catalogue) : LOOKUPS[field.of];
}

/** The keys of the fields the form edits with an editor of the screen's: a custom value, several items. */
type EditedKey<T extends EntityFields> = { [K in keyof T]: T[K] extends { kind: 'custom' } | { many: Many } ? (T[K] extends { form: false } ? never : K) : never }[keyof T] & string;

/** The editors a screen gives for the fields the form cannot edit by itself. */
export type FieldEditors<T extends EntityFields> = { [K in EditedKey<T>]: (props: CustomFieldProps) => ReactNode };

export interface FieldViews<V, T extends EntityFields> {
  /** The add / edit form: every field but those the system fills, in table order; required when the field must be filled. */
  formFields: FieldSpec[];
  /** The form's field of each key, for a form laid out by its screen. */
  formField: { [K in keyof T & string]: FieldSpec };
  /** The list's columns for the fields it shows (sortable ones by their key). */
  columns: Column<V>[];
  /** The list's filters for the fields it filters by: a reference searches its catalogue's look-up, an enum offers its values. */
  filters: FilterSpec[];
  /** Every field of one row with its label, in table order (the detail page); a custom field is the screen's to show. */
  details: (row: V) => { key: string; label: string; value: ReactNode }[];
  /** A saved entity's values as its form edits them: blank as empty text, several items by their ids (none: no value). */
  formValues: (row: V) => Record<string, unknown>;
}

/**
 * Everything a screen shows of an entity, read from its field table (contracts' SAMPLE_FIELDS ...):
 * a field added to the table appears in the form, the list, the filters and the detail page. A field
 * the form cannot edit by itself (a custom value, several items) takes the screen's editor; `editing`:
 * the form changes a saved entity (what was set at its creation is shown only).
 */
export function useFieldViews<V, T extends EntityFields = EntityFields>(fields: T, form: { editors?: FieldEditors<T>; editing?: boolean } = {}): FieldViews<V, T> {
  const { t } = useTranslation();
  const entries = Object.entries(fields);
  // a reference is a choice among its catalogue's items (searched on the server), an enum among its values
  const choice = (field: ReferenceField | RecordField | EnumField) =>
    field.kind === 'enum'
      ? { type: 'select' as const, options: field.values.map((v) => ({ value: v, label: enumLabel(t, field, v) })) }
      : { type: 'lookup' as const, lookup: lookupOf(field) };
  const editorOf = (key: string) => (form.editors as Record<string, (props: CustomFieldProps) => ReactNode> | undefined)?.[key];
  const formFieldOf = (key: string, f: EntityField): FieldSpec => ({
    name: key,
    labelKey: f.label,
    required: isRequired(f),
    ...(f.example ? { placeholder: f.example } : {}),
    // a field set when the entity is made is shown, not edited, afterwards
    ...(form.editing && f.createdOnly ? { readOnly: true } : {}),
    ...(f.kind === 'custom' || isMany(f)
      ? { type: 'custom' as const, render: editorOf(key) }
      : f.kind === 'datetime'
        ? { type: 'custom' as const, render: (p: CustomFieldProps) => <MomentEditor {...p} labelKey={f.label} /> }
      : f.kind === 'reference' || f.kind === 'record' || f.kind === 'enum'
        ? choice(f)
        : f.kind === 'text' && f.multiline
          ? { type: 'textarea' as const }
          : {}),
  });
  const formValue = (key: string, f: EntityField, row: V): unknown => {
    if (isMany(f)) {
      const ids = ((valueOf(row, f.name) as NamedRecord[] | undefined) ?? []).map((n) => n.id);
      return ids.length ? ids : undefined;
    }
    const value = valueOf(row, key);
    return f.kind === 'custom' ? value : value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;
  };

  return {
    formFields: entries.filter(([key, f]) => f.form !== false && (!(f.kind === 'custom' || isMany(f)) || editorOf(key))).map(([key, f]) => formFieldOf(key, f)),
    formField: Object.fromEntries(entries.map(([key, f]) => [key, formFieldOf(key, f)])) as FieldViews<V, T>['formField'],
    columns: entries
      .filter(([, f]) => f.column)
      .map(([key, f]) => ({
        key: f.kind === 'reference' || f.kind === 'record' ? f.name : key,
        labelKey: f.label,
        sortField: f.column === 'sortable' ? key : undefined,
        render: (row: V) => displayValue(t, key, f, row) ?? '',
      })),
    filters: fieldFilters(fields).map(({ param, field }) => ({ name: param, labelKey: field.label, ...choice(field) })),
    details: (row) => entries.filter(([, f]) => f.kind !== 'custom').map(([key, f]) => ({ key, label: t(f.label), value: displayValue(t, key, f, row) })),
    formValues: (row) => Object.fromEntries(entries.filter(([, f]) => f.form !== false).map(([key, f]) => [key, formValue(key, f, row)])),
  };
}
