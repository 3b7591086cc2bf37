import type { TicketDirection } from '@rfid/contracts';
import { PATHS } from '../../app/route-table';

/** A list's path with its filters (the lists read them from the URL). */
export const listPath = (path: string, filters: Record<string, string | number | undefined> = {}): string => {
  const query = new URLSearchParams(Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return query ? `${path}?${query}` : path;
};

/** The list behind each figure of the dashboard, filtered as the figure counts. */
export const FIGURE_LINKS = {
  samples: () => listPath(PATHS.sampleList),
  samplesLinked: () => listPath(PATHS.sampleList, { linked: 'true' }),
  samplesOut: () => listPath(PATHS.inventory),
  samplesMissing: () => listPath(PATHS.sampleList, { missing: 'true' }),
  tags: (state?: string) => listPath(PATHS.rfidList, { state }),
  tagsLocked: () => listPath(PATHS.rfidList, { locked: 'true' }),
  readers: (connection: 'CONNECTED' | 'DISCONNECTED') => listPath(PATHS.gateConfiguration, { connection }),
  reader: (code: string) => listPath(PATHS.gateConfiguration, { q: code }),
  tickets: (direction: TicketDirection, status?: string) => listPath(direction === 'IMPORT' ? PATHS.importTickets : PATHS.exportTickets, { status }),
  stocktakesCounting: () => listPath(PATHS.stocktaking, { status: 'INVENTORIZING' }),
  alertsActive: () => listPath(PATHS.alertReport, { state: 'ACTIVE' }),
  alerts: (from: string, to: string) => listPath(PATHS.alertReport, { from, to }),
  gatePasses: (from: string, to: string) => listPath(PATHS.gateHistory, { from, to }),
  links: (days: number) => listPath(PATHS.linkingReport, { days }),
  unlinks: (days: number) => listPath(PATHS.unlinkReport, { days }),
  stock: (from: string, to: string) => listPath(PATHS.inventoryReport, { from, to }),
};
