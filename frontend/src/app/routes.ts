import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_TABLE, type PageName, type RouteEntry } from './route-table';

type LazyPage = LazyExoticComponent<ComponentType>;

/** Each page is its own chunk, loaded when first opened. */
const PAGES: Record<PageName, LazyPage> = {
  dashboard: lazy(() => import('../pages/DashboardPage')),
  notifications: lazy(() => import('../pages/notifications/NotificationsPage')),
  users: lazy(() => import('../pages/admin/UsersPage')),
  userGroups: lazy(() => import('../pages/admin/UserGroupsPage')),
  alertConfiguration: lazy(() => import('../pages/admin/AlertConfigurationPage')),
  systemConfiguration: lazy(() => import('../pages/admin/SystemConfigurationPage')),
  samples: lazy(() => import('../pages/samples/SamplesPage')),
  sampleDetail: lazy(() => import('../pages/samples/SampleDetailPage')),
  products: lazy(() => import('../pages/products/ProductsPage')),
  rfidTags: lazy(() => import('../pages/rfid/RfidTagsPage')),
  link: lazy(() => import('../pages/rfid/LinkPage')),
  unlink: lazy(() => import('../pages/rfid/UnlinkPage')),
  linkReport: lazy(() => import('../pages/reports/LinkReportPage')),
  alertReport: lazy(() => import('../pages/reports/AlertReportPage')),
  tickets: lazy(() => import('../pages/tickets/TicketsPage')),
  ticketDetail: lazy(() => import('../pages/tickets/TicketDetailPage')),
  inventory: lazy(() => import('../pages/inventory/InventoryPage')),
  inventoryReport: lazy(() => import('../pages/reports/InventoryReportPage')),
  masterData: lazy(() => import('../pages/master-data/MasterDataPage')),
  gateConfiguration: lazy(() => import('../pages/gate/GateConfigurationPage')),
  gateTickets: lazy(() => import('../pages/gate-tickets/GateTicketsPage')),
  gateHistory: lazy(() => import('../pages/gate-history/GateHistoryPage')),
  stocktakes: lazy(() => import('../pages/stocktake/StocktakesPage')),
  stocktakeDetail: lazy(() => import('../pages/stocktake/StocktakeDetailPage')),
  countings: lazy(() => import('../pages/stocktake/CountingsPage')),
  systemLog: lazy(() => import('../pages/logs/SystemLogPage')),
  integrationLog: lazy(() => import('../pages/logs/IntegrationLogPage')),
};

/** A route of the table with the component that shows it. */
export interface AppRoute extends RouteEntry {
  component: LazyPage;
}

export const ROUTES: readonly AppRoute[] = ROUTE_TABLE.map((r) => ({ ...r, component: PAGES[r.page] }));
