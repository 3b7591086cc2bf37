import { Card } from '@blueprintjs/core';
import { API, type SamplePlaceRow } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { DataTable, type Column } from '../../components/list/DataTable';
import { formatNumber } from '../../i18n/format';
import { ticketPath } from '../../app/route-table';

/** How many samples are where: in the sample room per zone, out per ticket that lent them (now, not as of). */
export function SamplePlaces() {
  const { t } = useTranslation();
  const { data } = useSWR<SamplePlaceRow[]>(API.inventory.samples.path);
  const columns: Column<SamplePlaceRow>[] = [
    { key: 'state', labelKey: 'inventory.sample_state', render: (r) => t(r.state === 'IN' ? 'inventory.samples_in' : 'inventory.samples_out'), width: 180 },
    {
      key: 'place',
      labelKey: 'inventory.sample_place',
      render: (r) => (r.ticketId ? <Link to={ticketPath('EXPORT', 'INTERNAL', r.ticketId)}>{r.ticketCode}</Link> : (r.zoneName ?? t('inventory.no_zone'))),
    },
    { key: 'samples', labelKey: 'inventory.samples_count', className: 'num', render: (r) => formatNumber(r.samples) },
  ];
  return (
    <Card data-testid="sample-places">
      <h3>{t('inventory.samples_title')}</h3>
      <DataTable columns={columns} rows={data} rowKey={(r) => `${r.state}:${r.zoneId ?? ''}:${r.ticketId ?? ''}`} />
    </Card>
  );
}
