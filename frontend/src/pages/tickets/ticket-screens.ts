import { API, P, type PermissionCode, type TicketDirection } from '@rfid/contracts';
import { useLocation } from 'react-router-dom';
import { PATHS } from '../../app/route-table';

/** What differs between the import and the export tickets' screens: the API, the list's path, the permissions. */
export interface TicketScreen {
  direction: TicketDirection;
  /** The direction's routes of the API table. */
  routes: (typeof API)['importTickets'] | (typeof API)['exportTickets'];
  listPath: string;
  titleKey: string;
  permissions: { detail: PermissionCode; create: PermissionCode; update: PermissionCode; remove: PermissionCode };
}

export const TICKET_SCREENS: Record<TicketDirection, TicketScreen> = {
  IMPORT: {
    direction: 'IMPORT',
    routes: API.importTickets,
    listPath: PATHS.importTickets,
    titleKey: 'menu.import_ticket',
    permissions: {
      detail: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL,
      create: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_CREATE,
      update: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_UPDATE,
      remove: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DELETE,
    },
  },
  EXPORT: {
    direction: 'EXPORT',
    routes: API.exportTickets,
    listPath: PATHS.exportTickets,
    titleKey: 'menu.export_ticket',
    permissions: {
      detail: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL,
      create: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE,
      update: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE,
      remove: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DELETE,
    },
  },
};

/** The direction of the ticket screen shown: the path says it (one component serves both). */
export function useTicketScreen(): TicketScreen {
  const { pathname } = useLocation();
  return TICKET_SCREENS[pathname.startsWith(PATHS.exportTickets) ? 'EXPORT' : 'IMPORT'];
}

/** The fields only a supplier's ticket has: the sample room's own tickets name no supplier and no purchase order. */
export const SUPPLIER_ONLY_FIELDS = ['supplierId', 'poNumber'] as const;
