import { Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { API, INVENTORY_COLUMNS, type InventoryRow } from '@rfid/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ExcelToolbar } from '../../components/excel/ExcelToolbar';
import { SamplePlaces } from './SamplePlaces';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns, type ColumnCell } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import { formatNumber } from '../../i18n/format';

const AsOfInput = lazy(() => import('./AsOfInput'));

/** The stock per product and warehouse: on hand (now, or as of a chosen moment), reserved by approved exports, incoming on open imports. */
export default function InventoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf') ?? '';
  const setAsOf = (iso: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (iso) next.set('asOf', iso);
      else next.delete('asOf');
      next.delete('page');
      return next;
    });
  const quantity = (key: 'onHand' | 'reserved' | 'incoming'): ColumnCell<InventoryRow> => ({ className: 'num', render: (r) => formatNumber(r[key]) });
  const columns = screenColumns<InventoryRow, typeof INVENTORY_COLUMNS>(INVENTORY_COLUMNS, {
    productCode: { pinned: true, width: 140 },
    productName: { width: 240 },
    unit: { render: (r) => r.unit ?? '', width: 90 },
    warehouseName: { render: (r) => r.warehouseName ?? '', width: 180 },
    onHand: quantity('onHand'),
    reserved: quantity('reserved'),
    incoming: quantity('incoming'),
  });
  return (
    <>
      <ListPage<InventoryRow>
      route={API.inventory.inventory}
      columns={columns}
      rowKey={(r) => `${r.productId}:${r.warehouseId}`}
      filters={[
        { name: 'q', labelKey: 'inventory.search', type: 'text' },
        { name: 'warehouseId', labelKey: 'tickets.warehouse', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
      ]}
      toQuery={(f) => ({ ...f, asOf: asOf || undefined })}
      actions={(query) => <ExcelToolbar query={query} export={API.inventory.inventoryExport} />}
      intro={
        <Card className="filter-bar inventory-as-of">
          <FormGroup label={t('inventory.as_of')} helperText={asOf ? undefined : t('inventory.as_of_now')} inline>
            <Suspense fallback={<InputGroup disabled placeholder="DD/MM/YYYY HH:mm" />}>
              <AsOfInput value={asOf} onChange={setAsOf} label={t('inventory.as_of')} />
            </Suspense>
          </FormGroup>
        </Card>
      }
    />
      <SamplePlaces />
    </>
  );
}
