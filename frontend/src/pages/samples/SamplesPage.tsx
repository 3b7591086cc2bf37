import { Tag } from '@blueprintjs/core';
import { P, SAMPLE_FIELDS, type SampleView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { samplePath } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { useFieldViews } from '../../components/fields/field-views';
import type { Column } from '../../components/list/DataTable';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { SampleFormDialog, SAMPLES_ENDPOINT as ENDPOINT, type SampleEditing } from './SampleFormDialog';

/** The sample list: a column and a filter per field of the sample field table, linked or not, text search; add, edit, delete, Excel; a row opens its page. */
export default function SamplesPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<SampleEditing>();
  const [confirmElement, confirm] = useConfirm();
  const fields = useFieldViews<SampleView>(SAMPLE_FIELDS);
  const open = (s: SampleView) => navigate(samplePath(s.id));

  const remove = async (s: SampleView) => {
    if (!(await confirm({ message: t('samples.delete_confirm', { code: s.sampleCode }), intent: 'danger' }))) return;
    try {
      await api(`${ENDPOINT}/${s.id}`, { method: 'DELETE' });
      showSuccess(t('samples.deleted'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const columns: Column<SampleView>[] = [
    ...fields.columns,
    { key: 'currentTagCode', labelKey: 'samples.tag', render: (s) => (s.currentTagCode ? <Tag minimal intent="primary">{s.currentTagCode}</Tag> : '') },
    { key: 'usageCount', labelKey: 'samples.usage', sortField: 'usageCount' },
    { key: 'updatedAt', labelKey: 'common.updated_at', sortField: 'updatedAt', render: (s) => formatDateTime(s.updatedAt) },
  ];
  const filters: FilterSpec[] = [
    { name: 'q', labelKey: 'list.search', type: 'text' },
    ...fields.filters,
    { name: 'linked', labelKey: 'samples.linked', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`samples.linked_${v}`) })) },
  ];

  return (
    <>
      <ListPage<SampleView>
        titleKey="menu.sample_list"
        endpoint={ENDPOINT}
        columns={columns}
        filters={filters}
        defaultSort="updatedAt:desc"
        rowKey={(s) => s.id}
        onRowClick={can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL) ? open : undefined}
        actions={(query) => (
          <>
            <ExcelToolbar
              endpoint={ENDPOINT}
              query={query}
              template={can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)}
              import={can(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE)}
              export={can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)}
            />
            <AddButton permission={P.SAMPLE_MANAGEMENT_SAMPLE_CREATE} onClick={() => setEditing({ mode: 'add' })} />
          </>
        )}
        rowActions={(s) => (
          <>
            <RowAction icon="document-open" label={t('samples.open')} permission={P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL} onClick={() => open(s)} />
            <RowAction icon="edit" label={t('common.edit')} permission={P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE} onClick={() => setEditing({ mode: 'edit', sample: s })} />
            <RowAction icon="trash" intent="danger" label={t('common.delete')} permission={P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE} onClick={() => void remove(s)} />
          </>
        )}
      />
      <SampleFormDialog editing={editing} onClose={() => setEditing(undefined)} onSaved={() => refreshList(ENDPOINT)} />
      {confirmElement}
    </>
  );
}
