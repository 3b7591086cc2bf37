import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { P } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { downloadFile } from '../../api/files';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelImportDialog } from '../../components/ExcelImportDialog';
import { refreshList } from '../../components/list/list-state';
import { ListPage, type Column } from '../../components/list/ListPage';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { SampleFormDialog, SAMPLES_ENDPOINT as ENDPOINT, useSampleForm, type SampleEditing } from './SampleFormDialog';
import type { SampleRow } from './sample-types';

/** The sample list: a filter per attribute, linked or not, text search; add, edit, delete, Excel; a row opens its page. */
export default function SamplesPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<SampleEditing>();
  const [importing, setImporting] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const { options, sides } = useSampleForm();
  const open = (s: SampleRow) => navigate(`/sample-management/sample-list/${s.id}`);

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
        onRowClick={can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL) ? open : undefined}
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
              <Tooltip content={t('samples.open')}>
                <Button icon="document-open" aria-label={t('samples.open')} onClick={() => open(s)} />
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
      <SampleFormDialog editing={editing} onClose={() => setEditing(undefined)} onSaved={() => refreshList(ENDPOINT)} />
      <ExcelImportDialog isOpen={importing} endpoint={ENDPOINT} onClose={() => setImporting(false)} onImported={() => void refreshList(ENDPOINT)} />
      {confirmElement}
    </>
  );
}
