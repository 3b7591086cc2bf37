import { Tag } from '@blueprintjs/core';
import { API, apiPath, P, SAMPLE_FIELDS, type SampleView, SAMPLE_SYSTEM_COLUMNS } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../../api/client';
import { downloadFile } from '../../api/files';
import { samplePath } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { useFieldViews } from '../../components/fields/field-views';
import type { BulkAction } from '../../components/list/bulk-actions';
import type { Column } from '../../components/list/DataTable';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { printLabels } from './print-labels';
import { SampleFormDialog, SAMPLES_ENDPOINT as ENDPOINT, type SampleEditing } from './SampleFormDialog';
import { enumOptions } from '../../i18n/enum-options';

/**
 * How the sample list lays out its columns: the code and the tag are its key columns (pinned at the
 * left, in this order; the tag as wide as the tags shown, narrow when none is), the name wraps, the others have a most width (a longer
 * value ends in "…"), and the model, art number, season, size and category start hidden (the column
 * chooser shows them), so that at 1280 px the table fits.
 */
const COLUMN_LAYOUT: Record<string, Pick<Column<SampleView>, 'width' | 'pinned' | 'hiddenByDefault' | 'wrap'>> = {
  sampleCode: { pinned: true, width: 125 },
  currentTagCode: { pinned: true },
  name: { wrap: true },
  modelName: { width: 150, hiddenByDefault: true },
  artNumber: { width: 120, hiddenByDefault: true },
  seasonName: { width: 150, hiddenByDefault: true },
  sizeName: { width: 100, hiddenByDefault: true },
  categoryName: { width: 150, hiddenByDefault: true },
  customerName: { width: 160 },
};
/** The filters always in view; the others fold away under "More filters". */
const MAIN_FILTERS = ['q', 'seasonId', 'customerId', 'linked'];

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
      await call(API.samples.remove, { params: { id: s.id } });
      showSuccess(t('samples.deleted'));
      await refreshList(ENDPOINT);
    } catch (err) {
      showError(err);
    }
  };

  const tag: Column<SampleView> = {
    key: 'currentTagCode',
    labelKey: SAMPLE_SYSTEM_COLUMNS.currentTagCode.label,
    render: (s) => (
      <>
        {s.currentTagCode && <Tag minimal intent="primary">{s.currentTagCode}</Tag>}
        {s.missingSince && (
          <Tag minimal intent="danger" icon="search" className="missing-tag" title={t('samples.missing_title', { date: formatDateTime(s.missingSince) })} data-testid="sample-missing">
            {t('samples.missing')}
          </Tag>
        )}
      </>
    ),
  };
  const columns = [
    ...fields.columns,
    tag,
    ...screenColumns<SampleView, typeof SAMPLE_SYSTEM_COLUMNS>(SAMPLE_SYSTEM_COLUMNS, { currentTagCode: null, usageCount: {}, updatedAt: { render: (s) => formatDateTime(s.updatedAt) } }),
  ]
    .map((c) => ({ ...c, ...COLUMN_LAYOUT[c.key] }))
    .sort((a, b) => Number(!!b.pinned) - Number(!!a.pinned));
  const filters = (
    [
      { name: 'q', labelKey: 'list.search', type: 'text' },
      ...fields.filters,
      { name: 'linked', labelKey: 'samples.linked', type: 'select', options: enumOptions(t, ['true', 'false'], 'samples.linked') },
      { name: 'missing', labelKey: 'samples.missing', type: 'select', options: ['true', 'false'].map((v) => ({ value: v, label: t(`common.${v === 'true' ? 'yes' : 'no'}`) })) },
    ] satisfies FilterSpec[]
  ).map((f): FilterSpec => (MAIN_FILTERS.includes(f.name) ? f : { ...f, folded: true }));

  // the rows selected: exported (the list's Excel, these samples only), or their labels printed
  const bulkActions: BulkAction<SampleView>[] = [
    ...(can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD)
      ? [{ key: 'export', labelKey: 'list.export_selected', icon: 'download', all: (rows) => downloadFile(apiPath(API.samples.export), { ids: rows.map((r) => r.id).join(',') }).catch(showError) } satisfies BulkAction<SampleView>]
      : []),
    { key: 'labels', labelKey: 'list.print_labels', icon: 'print', all: (rows) => printLabels(t, i18n.language, rows) },
  ];

  return (
    <>
      <ListPage<SampleView>
        route={API.samples.list}
        columns={columns}
        filters={filters}
        onRowClick={can(P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL) ? open : undefined}
        bulk={{ actions: bulkActions, nameOf: (s) => s.sampleCode }}
        actions={(query) => (
          <>
            <ExcelToolbar
              list={API.samples.list}
              query={query}
              template={can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD) && API.samples.template}
              import={can(P.SAMPLE_MANAGEMENT_SAMPLE_CREATE) && API.samples.import}
              export={can(P.SAMPLE_MANAGEMENT_SAMPLE_DOWNLOAD) && API.samples.export}
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
