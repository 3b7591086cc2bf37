import { FormGroup, InputGroup } from '@blueprintjs/core';
import {
  API,
  createReaderRequest,
  defaultReaderTopics,
  LIMITS,
  READER_FIELDS,
  READER_TOPIC_KINDS,
  updateReaderRequest,
  type CreateReaderRequest,
  type ReaderCredentials,
  type ReaderTopics,
  type ReaderView,
  type UpdateReaderRequest,
} from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type CustomFieldProps, type FieldSpec } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';
import { AntennaPowerEditor } from './AntennaPowerEditor';

/** What the reader dialog shows: a new reader, or an existing one to edit. */
export type ReaderEditing = { mode: 'add' } | { mode: 'edit'; reader: ReaderView };

/** A topic the installer chose; a blank one is the default. */
type ChosenTopics = Partial<ReaderTopics>;

/** The topics a reader uses unless told otherwise, named after the code as it is typed. */
function defaultTopicsFor(code: unknown): ReaderTopics {
  const typed = typeof code === 'string' ? code.trim().toUpperCase() : '';
  return defaultReaderTopics(typed || '{CODE}');
}

/**
 * The vendor's own topic names, each optional: an empty one is the default, shown as its placeholder
 * (`rfid/readers/{CODE}/events` ...). A blank topic is left out of the value, so the request carries
 * only the topics the installer chose.
 */
function TopicsEditor({ id, value, onChange, disabled, error, values }: CustomFieldProps) {
  const { t } = useTranslation();
  const topics = (value ?? {}) as ChosenTopics;
  const defaults = defaultTopicsFor(values.code);
  const set = (kind: keyof ReaderTopics, text: string) => {
    const next: ChosenTopics = { ...topics, [kind]: text };
    if (text === '') delete next[kind];
    onChange(next);
  };
  return (
    <div className="topics-editor">
      {READER_TOPIC_KINDS.map((kind, i) => (
        <FormGroup key={kind} label={t(`readers.topic_${kind}`)} labelFor={i === 0 ? id : `${id}-${kind}`} inline className="topic-field">
          <InputGroup
            id={i === 0 ? id : `${id}-${kind}`}
            name={`topics.${kind}`}
            value={topics[kind] ?? ''}
            placeholder={defaults[kind]}
            disabled={disabled}
            intent={error?.at[0] === kind ? 'danger' : 'none'}
            onChange={(e) => set(kind, e.target.value)}
          />
        </FormGroup>
      ))}
    </div>
  );
}

/** The topics of a reader that differ from the defaults of its code: what the installer chose. */
function chosenTopics(reader: ReaderView): ChosenTopics {
  const defaults = defaultReaderTopics(reader.code);
  return Object.fromEntries(READER_TOPIC_KINDS.filter((k) => reader.topics[k] !== defaults[k]).map((k) => [k, reader.topics[k]]));
}

/**
 * Add or edit a reader (the gate configuration): code (not changed later: it is the reader's MQTT
 * username and topic root), name, kind, vendor format, zone, host, its antennas and their power (and
 * on a gate, the side each faces), the
 * modes and switch, and optionally the vendor's own topic names. A new reader's MQTT credentials are
 * handed to `onCreated` (an add's dialog has one), to be shown once. An edit sends the version it started from.
 */
export function ReaderFormDialog({
  editing,
  onClose,
  onSaved,
  onCreated,
}: {
  editing: ReaderEditing | undefined;
  onClose: () => void;
  /** After a save: the reader as the server answered an edit (undefined after an add). */
  onSaved: (saved: ReaderView | undefined) => Promise<unknown> | void;
  onCreated?: (credentials: ReaderCredentials) => void;
}) {
  const { t } = useTranslation();
  const mode = editing?.mode ?? 'add';
  const reader = editing?.mode === 'edit' ? editing.reader : undefined;
  const { formFields, formValues } = useFieldViews<ReaderView, typeof READER_FIELDS>(READER_FIELDS, {
    editors: { antennas: (p) => <AntennaPowerEditor {...p} />, topics: (p) => <TopicsEditor {...p} /> },
  });
  // the code comes first: it names the default topics, and it is never changed (the reader's MQTT username)
  const fields: FieldSpec[] = [{ name: 'code', labelKey: 'readers.code', required: true, readOnly: mode !== 'add' }, ...formFields];
  const initial = reader
    ? { ...formValues(reader), code: reader.code, topics: chosenTopics(reader) }
    : { code: '', name: '', kind: '', format: '', zoneId: '', host: '', antennas: [{ port: 1, power: LIMITS.ANTENNA_POWER_MAX }], deviceMode: 'READ_TAG', operatingMode: 'MANUAL', switch: 'ON', topics: {} };
  return (
    <FormDialog
      isOpen={!!editing}
      mode={mode}
      title={reader ? t('readers.dialog_edit', { code: reader.code }) : t('readers.dialog_add')}
      fields={fields}
      schema={mode === 'add' ? createReaderRequest : updateReaderRequest}
      initial={initial}
      className="wide-dialog"
      onClose={onClose}
      onSubmit={async (submitted: CreateReaderRequest | UpdateReaderRequest) => {
        // the sides of the antennas mean something on a gate only
        const values = submitted.kind === 'GATE' ? submitted : { ...submitted, antennas: submitted.antennas.map((a) => ({ ...a, role: null })) };
        let saved: ReaderView | undefined;
        if (reader) {
          saved = await call(API.readers.update, { params: { id: reader.id }, query: { expectedVersion: reader.version }, body: values });
          showSuccess(t('common.saved'));
        } else {
          const created = await call(API.readers.create, { body: values });
          onCreated?.(created.credentials);
        }
        await onSaved(saved);
      }}
    />
  );
}
