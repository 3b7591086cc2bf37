import { API, createProductRequest, P, PRODUCT_FIELDS, updateProductRequest, type CreateProductRequest, type ProductView, PRODUCT_SYSTEM_COLUMNS } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveRecord } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { useFieldViews } from '../../components/fields/field-views';
import { FormDialog, type FormMode } from '../../components/FormDialog';
import type { Column } from '../../components/list/DataTable';
import { screenColumns } from '../../components/list/screen-columns';
import type { FilterSpec } from '../../components/list/FilterBar';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { StatusTag, statusBulkActions, useStatusToggle } from '../../components/list/status-toggle';
import { showSuccess } from '../../components/toasts';
import { formatDateTime } from '../../i18n/format';
import { ProductTagsDialog } from './ProductTagsDialog';

/** The list's path: the record's own routes (detail, update, activate, export) follow it by the API table's convention. */
const ENDPOINT = API.products.list.path;

/** What a new product's form starts with: every field empty, the quantity per box its default. */
const initialOf = (product: ProductView | undefined, names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, String((product as Record<string, unknown> | undefined)?.[name] ?? (name === 'quantityPerBox' ? PRODUCT_FIELDS.quantityPerBox.default : ''))]));

/**
 * The product list: a column and a filter per field of the product field table, text search; add,
 * view, edit, deactivate and activate (confirmed), Excel template, import and export.
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [editing, setEditing] = useState<{ mode: FormMode; product?: ProductView }>();
  const [tagging, setTagging] = useState<ProductView>();
  const [confirmElement, toggle] = useStatusToggle<ProductView>(API.products, (p, off) => t(off ? 'products.deactivate_confirm' : 'products.activate_confirm', { code: p.code }));
  const fields = useFieldViews<ProductView>(PRODUCT_FIELDS);
  const mode = editing?.mode ?? 'add';

  const columns: Column<ProductView>[] = [
    ...fields.columns.map((c) =>
      c.key === 'status'
        ? {
            ...c,
            render: (p: ProductView) => <StatusTag status={p.status} label={t(`products.status_${p.status}`)} />,
          }
        : c,
    ),
    ...screenColumns<ProductView, typeof PRODUCT_SYSTEM_COLUMNS>(PRODUCT_SYSTEM_COLUMNS, { updatedAt: { render: (p) => formatDateTime(p.updatedAt) } }),
  ];
  const filters: FilterSpec[] = [{ name: 'q', labelKey: 'list.search', type: 'text' }, ...fields.filters];
  const view = (p: ProductView) => setEditing({ mode: 'view', product: p });

  return (
    <>
      <ListPage<ProductView>
        route={API.products.list}
        columns={columns}
        filters={filters}
        onRowClick={can(P.SAMPLE_MANAGEMENT_PRODUCT_DETAIL) ? view : undefined}
        bulk={can(P.SAMPLE_MANAGEMENT_PRODUCT_DELETE) ? { actions: statusBulkActions<ProductView>(API.products), nameOf: (p) => p.code } : undefined}
        actions={(query) => (
          <>
            <ExcelToolbar
              list={API.products.list}
              query={query}
              template={can(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE) && API.products.template}
              import={can(P.SAMPLE_MANAGEMENT_PRODUCT_CREATE) && API.products.import}
              export={can(P.SAMPLE_MANAGEMENT_PRODUCT_LIST) && API.products.export}
            />
            <AddButton permission={P.SAMPLE_MANAGEMENT_PRODUCT_CREATE} onClick={() => setEditing({ mode: 'add' })} />
          </>
        )}
        rowActions={(p) => {
          const active = p.status === 'ACTIVE';
          return (
            <>
              <RowAction icon="eye-open" label={t('common.view')} permission={P.SAMPLE_MANAGEMENT_PRODUCT_DETAIL} onClick={() => view(p)} />
              <RowAction icon="edit" label={t('common.edit')} permission={P.SAMPLE_MANAGEMENT_PRODUCT_UPDATE} onClick={() => setEditing({ mode: 'edit', product: p })} />
              {active && <RowAction icon="link" label={t('products.link_tags')} permission={P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK} onClick={() => setTagging(p)} />}
              <RowAction
                icon={active ? 'disable' : 'confirm'}
                intent={active ? 'danger' : undefined}
                label={t(active ? 'products.deactivate' : 'products.activate')}
                permission={P.SAMPLE_MANAGEMENT_PRODUCT_DELETE}
                onClick={() => void toggle(p)}
              />
            </>
          );
        }}
      />
      <FormDialog
        isOpen={!!editing}
        mode={mode}
        title={editing?.product ? `${t(`products.dialog_${mode}`)} ${editing.product.code}` : t('products.dialog_add')}
        fields={fields.formFields}
        schema={mode === 'add' ? createProductRequest : updateProductRequest}
        initial={initialOf(editing?.product, fields.formFields.map((f) => f.name))}
        onClose={() => setEditing(undefined)}
        onSubmit={async (values: CreateProductRequest) => {
          await saveRecord(API.products, mode === 'add' ? undefined : editing?.product, values);
          showSuccess(t('common.saved'));
          await refreshList(ENDPOINT);
        }}
      />
      <ProductTagsDialog product={tagging} onClose={() => setTagging(undefined)} />
      {confirmElement}
    </>
  );
}
