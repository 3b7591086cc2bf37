import { Button, Dialog, DialogBody, DialogFooter, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { createSampleRequest, P, updateSampleRequest } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api } from '../../api/client';
import { downloadFile } from '../../api/files';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelImportDialog } from '../../components/ExcelImportDialog';
import { FormDialog, type FieldSpec, type FormMode } from '../../components/FormDialog';
import { refreshList } from '../../components/list/list-state';
import { ListPage, type Column } from '../../components/list/ListPage';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { useMasterDataOptions } from '../master-data/master-data-options';
import type { SampleRow } from './sample-types';

const ENDPOINT = '/samples';

interface HistoryEntry {
  id: number;
  recordedAt: string;
  action: string;
  actor: { name: string | null; kind: string };
  summary: string;
}

/** The sample list: a filter per attribute, linked or not, text search; add, edit, delete, history, Excel. */
export default function SamplesPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [editing, setEditing] = useState<{ mode: FormMode; sample?: SampleRow }>();
  const [historyOf, setHistoryOf] = useState<SampleRow>();
  const [importing, setImporting] = useState(false);
  const [confirmElement, confirm] = useConfirm();
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

  const remove = async (s: SampleRow) => {
    if (!(await confirm({ message: t('samples.delete_confirm', { code: s.sampleCode }), intent: 'danger' }))) return;
    try {
      await api(`${ENDPOINT}/${s.id}`, { method: 'DELETE' });
      showSuccess(t('samples.deleted'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns: Column<SampleRow>[] = [
    { key: 'sampleCode', labelKey: 'samples.code', sortField: 'sampleCode' },
    { key: 'name', labelKey: 'samples.name', sortField: 'name' },
    { key: 'modelName', labelKey: 'samples.model', sortField: 'modelName' },
    { key: 'artNumber', labelKey: 'samples.art', sortField: 'artNumber' },
    { key: 'seasonName', labelKey: 'samples.season' },
    { key: 'sizeName', labelKey: 'samples.size' },
    { key: 'categoryName', labelKey: 'samples.category' },
    { key: 'customerName', labelKey: 'samples.customer' },
    { key: 'currentTagCode', labelKey: 'samples.tag', render: (s) => (s.currentTagCode ? <Tag minimal intent="primary">{s.currentTagCode}</Tag> : '') },
    { key: 'usageCount', labelKey: 'samples.usage', sortField: 'usageCount' },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (s) => formatDateTime(s.updatedAt) },
  ];

  const select = (name: keyof typeof options, labelKey: string) => ({ name, labelKey, type: 'select' as const, options: options[name] });
  return (
    <>
      <ListPage<SampleRow>
        titleKey="menu.sample_list"
        endpoint={ENDPOINT}
        columns={columns}
        defaultSort="updatedAt:desc"
        rowKey={(s) => s.id}
        onRowClick={can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL) ? (s) => setEditing({ mode: 'view', sample: s }) : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          select('seasonId', 'samples.season'),
          select('categoryId', 'samples.category'),
          select('customerId', 'samples.customer'),
          select('sizeId', 'samples.size'),
          select('typeId', 'samples.type'),
          select('genderId', 'samples.gender'),
          select('stageId', 'samples.stage'),
          { name: 'side', labelKey: 'samples.side', type: 'select', options: sides },
          { ...select('currentZoneId', 'samples.zone'), name: 'zoneId' },
          { name: 'linked', labelKey: 'samples.linked', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`samples.linked_${v}`) })) },
        ]}
        toolbar={can(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE) && <Button intent="primary" icon="add" text={t('common.add')} onClick={() => setEditing({ mode: 'add' })} data-testid="add" />}
        excel={{
          onTemplate: can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD) ? () => void downloadFile(`${ENDPOINT}/template`).catch(showError) : undefined,
          onImport: can(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE) ? () => setImporting(true) : undefined,
          onExport: can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)
            ? (query) => void downloadFile(`${ENDPOINT}/export`, { ...query, page: undefined, size: undefined }).catch(showError)
            : undefined,
        }}
        rowActions={(s) => (
          <>
            {can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL) && (
              <Tooltip content={t('samples.history')}>
                <Button icon="history" aria-label={t('samples.history')} onClick={() => setHistoryOf(s)} />
              </Tooltip>
            )}
            {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && (
              <Tooltip content={t('common.edit')}>
                <Button icon="edit" aria-label={t('common.edit')} onClick={() => setEditing({ mode: 'edit', sample: s })} />
              </Tooltip>
            )}
            {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && (
              <Tooltip content={t('common.delete')}>
                <Button icon="trash" intent="danger" aria-label={t('common.delete')} onClick={() => void remove(s)} />
              </Tooltip>
            )}
          </>
        )}
      />
      <FormDialog
        isOpen={!!editing}
        mode={editing?.mode ?? 'add'}
        title={editing?.sample ? `${t(`samples.dialog_${editing.mode}`)} ${editing.sample.sampleCode}` : t('samples.dialog_add')}
        fields={fields}
        schema={editing?.mode === 'add' ? createSampleRequest : updateSampleRequest}
        initial={Object.fromEntries(fields.map((f) => [f.name, String((editing?.sample as Record<string, unknown> | undefined)?.[f.name] ?? '')]))}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values) => {
          if (editing?.mode === 'add') await api(ENDPOINT, { method: 'POST', body: values });
          else await api(`${ENDPOINT}/${editing!.sample!.id}`, { method: 'PUT', body: values, query: { expectedVersion: editing!.sample!.version } });
          showSuccess(t('common.saved'));
          await refreshList(ENDPOINT);
        }}
      />
      {historyOf && <HistoryDialog sample={historyOf} onClose={() => setHistoryOf(undefined)} />}
      <ExcelImportDialog isOpen={importing} endpoint={ENDPOINT} onClose={() => setImporting(false)} onImported={() => void refreshList(ENDPOINT)} />
      {confirmElement}
    </>
  );
}

/** The sample's whole event history as a timeline: registered, updated, linked, unlinked, by whom and when. */
function HistoryDialog({ sample, onClose }: { sample: SampleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useSWR<HistoryEntry[]>(`${ENDPOINT}/${sample.id}/history`);
  return (
    <Dialog isOpen onClose={onClose} title={t('samples.history_of', { code: sample.sampleCode })} className="wide-dialog">
      <DialogBody>
        {!data ? (
          <Spinner size={24} />
        ) : (
          <ol className="timeline" data-testid="history">
            {data.map((h) => (
              <li key={h.id}>
                <span className="timeline-time muted">{formatDateTime(h.recordedAt)}</span>
                <Tag minimal>{h.action}</Tag> <strong>{h.actor.name ?? h.actor.kind}</strong>
                <div className="muted">{h.summary}</div>
              </li>
            ))}
          </ol>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
