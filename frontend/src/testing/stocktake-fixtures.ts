import type { ListResponse, LookupItem, StocktakeDetail, StocktakeLineView, StocktakeTotals } from '@rfid/contracts';

export const ZONE_A: LookupItem = { id: '00000000-0000-4000-8000-0000000000a1', code: 'WH-A', name: 'Warehouse A', active: true };
export const ZONE_B: LookupItem = { id: '00000000-0000-4000-8000-0000000000a2', code: 'WH-B', name: 'Warehouse B', active: true };
export const HANDHELD: LookupItem = { id: '00000000-0000-4000-8000-0000000000b1', code: 'HH-1', name: 'Handheld 1', active: true };
export const COUNTER: LookupItem = { id: '00000000-0000-4000-8000-0000000000c1', code: null, name: 'Lan Nguyen', active: true };

export const page = <T,>(data: T[], size = 50): ListResponse<T> => ({ data, total: data.length, page: 1, size });

export const TOTALS: StocktakeTotals = { expected: 10, found: 4, missing: 6, abnormal: 1, ignored: 0, scanned: 5 };

/** A stocktake of zone A counting with one handheld, as its page reads it. */
export function stocktakeOf(overrides: Partial<StocktakeDetail> = {}): StocktakeDetail {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    code: 'ST000001',
    name: 'June count',
    note: null,
    status: 'INVENTORIZING',
    zones: [{ id: ZONE_A.id, code: ZONE_A.code, name: ZONE_A.name }],
    readers: [{ id: HANDHELD.id, code: HANDHELD.code, name: HANDHELD.name }],
    users: [],
    totals: TOTALS,
    createdBy: { id: null, name: 'Tester' },
    updatedBy: { id: null, name: 'Tester' },
    createdAt: '2025-06-01T01:00:00.000Z',
    updatedAt: '2025-06-01T02:00:00.000Z',
    startedAt: '2025-06-01T02:00:00.000Z',
    closedAt: null,
    version: 2,
    position: 10,
    allowedActions: ['RESET', 'CLOSE', 'SCAN', 'IGNORE'],
    corrections: null,
    ...overrides,
  };
}

/** A tag of zone B found in zone A. */
export const MISPLACED: StocktakeLineView = {
  id: 7,
  kind: 'SAMPLE',
  itemId: '00000000-0000-4000-8000-0000000000e1',
  code: 'SP0007',
  name: 'Red shoe',
  zoneId: ZONE_A.id,
  zoneName: ZONE_A.name,
  epc: 'E28011606000020900000007',
  expected: 0,
  found: 1,
  result: 'ABNORMAL',
  reason: 'ZONE_MISMATCH',
  otherZoneId: ZONE_B.id,
  otherZoneName: ZONE_B.name,
  ignored: false,
  ignoreNote: null,
};
