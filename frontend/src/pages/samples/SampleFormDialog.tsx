import { API, createSampleRequest, SAMPLE_FIELDS, updateSampleRequest, type CreateSampleRequest, type SampleView, type UpdateSampleRequest } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { saveRecord } from '../../api/client';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';

export const SAMPLES_ENDPOINT = API.samples.list.path;

/** What the sample dialog shows: a new sample, or an existing one to edit (its page is where it is viewed). */
export interface SampleEditing {
  mode: Extract<FormMode, 'add' | 'edit'>;
  sample?: SampleView;
}

/**
 * Add or edit a sample, with the fields of the sample field table. An edit sends the version it
 * started from, so a concurrent change is refused (409), not overwritten.
 */
export function SampleFormDialog({ editing, onClose, onSaved }: { editing: SampleEditing | undefined; onClose: () => void; onSaved: () => Promise<unknown> | void }) {
  const { t } = useTranslation();
  const { formFields } = useFieldViews<SampleView>(SAMPLE_FIELDS);
  const mode = editing?.mode ?? 'add';
  const sample = editing?.sample;
  return (
    <FormDialog
      isOpen={!!editing}
      mode={mode}
      title={sample ? `${t(`samples.dialog_${mode}`)} ${sample.sampleCode}` : t('samples.dialog_add')}
      fields={formFields}
      schema={mode === 'add' ? createSampleRequest : updateSampleRequest}
      initial={Object.fromEntries(formFields.map((f) => [f.name, String((sample as Record<string, unknown> | undefined)?.[f.name] ?? '')]))}
      onClose={onClose}
      onSubmit={async (values: CreateSampleRequest | UpdateSampleRequest) => {
        await saveRecord(API.samples, mode === 'add' ? undefined : sample, values);
        showSuccess(t('common.saved'));
        await onSaved();
      }}
    />
  );
}
