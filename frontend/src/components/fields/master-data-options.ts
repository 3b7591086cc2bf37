import type { ListResponse, MasterDataItem, MasterDataKey } from '@rfid/contracts';
import useSWR from 'swr';
import { api } from '../../api/client';

const PAGE = 50;

/** Every active item of a catalogue, for drop-downs (read page by page: the API's largest page is 50). */
async function allActive(key: MasterDataKey): Promise<MasterDataItem[]> {
  const items: MasterDataItem[] = [];
  for (let page = 1; ; page++) {
    const res = await api<ListResponse<MasterDataItem>>(`/master-data/${key}`, { query: { status: 'ACTIVE', size: PAGE, page, sort: 'name:asc' } });
    items.push(...res.data);
    if (items.length >= res.total || res.data.length === 0) return items;
  }
}

/** A choice of a drop-down: the value sent, the text shown. */
export interface Option {
  value: string;
  label: string;
}

/** The active items of a catalogue as choices, "Name (CODE)", by name. */
export function useMasterDataOptions(key: MasterDataKey): Option[] {
  const { data } = useSWR(['master-data-options', key], () => allActive(key), { revalidateOnFocus: false });
  return (data ?? []).map((i) => ({ value: i.id, label: `${i.name} (${i.code})` }));
}
