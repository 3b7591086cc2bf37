import { createSampleRequest, updateSampleRequest } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { FormDialog, type FieldSpec, type FormMode } from '../../components/FormDialog';
import { showSuccess } from '../../components/toasts';
import { useMasterDataOptions } from '../master-data/master-data-options';
import type { SampleRow } from './sample-types';

export const SAMPLES_ENDPOINT = '/samples';

/** The sample form's fields and the master-data choices (also the list's filter options). */
export function useSampleForm() {
  const { t } = useTranslation();
  const options = {
    seasonId: useMasterDataOptions('seasons'),
    stageId: useMasterDataOptions('stages'),
    typeId: useMasterDataOptions('types'),
    sizeId: useMasterDataOptions('sizes'),
    genderId: useMasterDataOptions('genders'),
    categoryId: useMasterDataOptions('categories'),
    customerId: useMasterDataOptions('customers'),
    currentZoneId: useMasterDataOptions('zones'),
  };
  const sides = ['LEFT', 'RIGHT'].map((s) => ({ value: s, label: t(`samples.side_${s}`) }));
  const fields: FieldSpec[] = [
    { name: 'name', labelKey: 'samples.name', required: true },
    { name: 'modelName', labelKey: 'samples.model', required: true },
    { name: 'artNumber', labelKey: 'samples.art', required: true },
    { name: 'seasonId', labelKey: 'samples.season', type: 'select', options: options.seasonId, required: true },
    { name: 'stageId', labelKey: 'samples.stage', type: 'select', options: options.stageId },
    { name: 'typeId', labelKey: 'samples.type', type: 'select', options: options.typeId },
    { name: 'sizeId', labelKey: 'samples.size', type: 'select', options: options.sizeId, required: true },
    { name: 'genderId', labelKey: 'samples.gender', type: 'select', options: options.genderId },
    { name: 'side', labelKey: 'samples.side', type: 'select', options: sides },
    { name: 'color', labelKey: 'samples.color' },
    { name: 'categoryId', labelKey: 'samples.category', type: 'select', options: options.categoryId, required: true },
    { name: 'customerId', labelKey: 'samples.customer', type: 'select', options: options.customerId, required: true },
    { name: 'currentZoneId', labelKey: 'samples.zone', type: 'select', options: options.currentZoneId },
  ];

  return { options, sides, fields };
}

/** What the sample dialog shows: a new sample, or an existing one to edit (its page is where it is viewed). */
export interface SampleEditing {
  mode: Extract<FormMode, 'add' | 'edit'>;
  sample?: SampleRow;
}

/** Add, view or edit a sample; an edit sends the version it started from, so a concurrent change is refused (409), not overwritten. */
export function SampleFormDialog({ editing, onClose, onSaved }: { editing: SampleEditing | undefined; onClose: () => void; onSaved: () => Promise<unknown> | void }) {
  const { t } = useTranslation();
  const { fields } = useSampleForm();
  const mode = editing?.mode ?? 'add';
  const sample = editing?.sample;
  return (
    <FormDialog
      isOpen={!!editing}
      mode={mode}
      title={sample ? `${t(`samples.dialog_${mode}`)} ${sample.sampleCode}` : t('samples.dialog_add')}
      fields={fields}
      schema={mode === 'add' ? createSampleRequest : updateSampleRequest}
      initial={Object.fromEntries(fields.map((f) => [f.name, String((sample as Record<string, unknown> | undefined)?.[f.name] ?? '')]))}
      onClose={onClose}
      onSubmit={async (values) => {
        if (mode === 'add') await api(SAMPLES_ENDPOINT, { method: 'POST', body: values });
        else await api(`${SAMPLES_ENDPOINT}/${sample!.id}`, { method: 'PUT', body: values, query: { expectedVersion: sample!.version } });
        showSuccess(t('common.saved'));
        await onSaved();
      }}
    />
  );
}
