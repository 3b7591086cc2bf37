import type { IconName } from '@blueprintjs/icons';
import { MASTER_DATA_CATALOGUES, P, type MasterDataKey, type PermissionCode, type TicketDirection, type TicketSource } from '@rfid/contracts';
import { generatePath } from 'react-router-dom';

/** Every path of the app. Pages link and navigate with these, never with a path typed again. */
export const PATHS = {
  login: '/login',
  dashboard: '/',
  notifications: '/notifications',
  users: '/system-adminstration/user',
  userGroups: '/system-adminstration/user-group',
  sampleList: '/sample-management/sample-list',
  sampleDetail: '/sample-management/sample-list/:id',
  products: '/sample-management/product',
  rfidList: '/sample-management/rfid-list',
  link: '/sample-management/link',
  unlink: '/sample-management/unlink',
  importTickets: '/sample-management/import-ticket',
  importTicketDetail: '/sample-management/import-ticket/:id',
  importTicketInternalDetail: '/sample-management/import-ticket/internal/:id',
  exportTickets: '/sample-management/export-ticket',
  exportTicketDetail: '/sample-management/export-ticket/:id',
  exportTicketInternalDetail: '/sample-management/export-ticket/internal/:id',
  inventory: '/sample-management/inventory',
  inventoryReport: '/report/inventory-report',
  linkingReport: '/report/linking-report',
  unlinkReport: '/report/unlink-report',
  gateConfiguration: '/security-gate/configuration',
  systemLog: '/log-management/system-log',
  integrationLog: '/log-management/integration-log',
} as const;

/** A sample's own page. */
export const samplePath = (id: string): string => generatePath(PATHS.sampleDetail, { id });

/** A ticket's own page: a supplier's ticket at `…-ticket/{id}`, an internal one at `…-ticket/internal/{id}`. */
export const ticketPath = (direction: TicketDirection, source: TicketSource, id: string): string =>
  generatePath(
    direction === 'IMPORT'
      ? source === 'INTERNAL' ? PATHS.importTicketInternalDetail : PATHS.importTicketDetail
      : source === 'INTERNAL' ? PATHS.exportTicketInternalDetail : PATHS.exportTicketDetail,
    { id },
  );

/** The link screen with a sample chosen already. */
export const linkSamplePath = (sampleId: string): string => `${PATHS.link}?${new URLSearchParams({ sampleId })}`;

/** /login, remembering the page to come back to after sign-in. */
export const loginPath = (next: string): string => `${PATHS.login}?${new URLSearchParams({ next })}`;

/** Which page component shows a route (app/routes.ts maps each to its lazily loaded module). */
export type PageName =
  | 'dashboard'
  | 'notifications'
  | 'users'
  | 'userGroups'
  | 'samples'
  | 'sampleDetail'
  | 'products'
  | 'rfidTags'
  | 'link'
  | 'unlink'
  | 'linkReport'
  | 'tickets'
  | 'ticketDetail'
  | 'inventory'
  | 'inventoryReport'
  | 'masterData'
  | 'gateConfiguration'
  | 'systemLog'
  | 'integrationLog';

/**
 * A signed-in page: its path, title, icon and the permission it needs. A route is registered only
 * for a user holding its permission; routes without one are open to every signed-in user.
 */
export interface RouteEntry {
  path: string;
  titleKey: string;
  icon: IconName;
  permission?: PermissionCode;
  page: PageName;
  /** A page opened from a list (its path has a parameter): neither a menu entry nor a dashboard shortcut. */
  detail?: true;
}

const CATALOGUE_ICONS: Record<MasterDataKey, IconName> = {
  seasons: 'calendar',
  stages: 'flow-linear',
  sizes: 'widget',
  zones: 'map-marker',
  categories: 'tag',
  customers: 'office',
  types: 'layers',
  genders: 'people',
};

/** A direction's two ticket pages, a supplier's ticket and an internal one: one component, the detail permission. */
function ticketDetails(direction: TicketDirection): RouteEntry[] {
  const importing = direction === 'IMPORT';
  const common = {
    titleKey: importing ? 'tickets.import_detail_title' : 'tickets.export_detail_title',
    icon: (importing ? 'import' : 'export') as IconName,
    permission: importing ? P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL : P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL,
    page: 'ticketDetail' as const,
    detail: true as const,
  };
  return [
    { path: importing ? PATHS.importTicketDetail : PATHS.exportTicketDetail, ...common },
    { path: importing ? PATHS.importTicketInternalDetail : PATHS.exportTicketInternalDetail, ...common },
  ];
}

/** The signed-in pages in the order the dashboard lists them. Later modules add their pages here. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: PATHS.dashboard, titleKey: 'menu.dashboard', icon: 'dashboard', permission: P.DASHBOARD, page: 'dashboard' },
  { path: PATHS.notifications, titleKey: 'menu.notifications', icon: 'notifications', page: 'notifications' },
  { path: PATHS.users, titleKey: 'menu.users', icon: 'person', permission: P.SYSTEM_ADMINISTRATION_USER_LIST, page: 'users' },
  { path: PATHS.userGroups, titleKey: 'menu.user_groups', icon: 'people', permission: P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST, page: 'userGroups' },
  { path: PATHS.sampleList, titleKey: 'menu.sample_list', icon: 'cube', permission: P.SAMPLE_MANAGEMENT_SAMPLE_LIST, page: 'samples' },
  {
    path: PATHS.sampleDetail,
    titleKey: 'samples.detail_title',
    icon: 'cube',
    permission: P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL,
    page: 'sampleDetail',
    detail: true,
  },
  { path: PATHS.products, titleKey: 'menu.products', icon: 'box', permission: P.SAMPLE_MANAGEMENT_PRODUCT_LIST, page: 'products' },
  { path: PATHS.rfidList, titleKey: 'menu.rfid_list', icon: 'barcode', permission: P.SAMPLE_MANAGEMENT_RFID_LIST, page: 'rfidTags' },
  { path: PATHS.link, titleKey: 'menu.link', icon: 'link', permission: P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK, page: 'link' },
  { path: PATHS.unlink, titleKey: 'menu.unlink', icon: 'disable', permission: P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK, page: 'unlink' },
  { path: PATHS.importTickets, titleKey: 'menu.import_ticket', icon: 'import', permission: P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST, page: 'tickets' },
  ...ticketDetails('IMPORT'),
  { path: PATHS.exportTickets, titleKey: 'menu.export_ticket', icon: 'export', permission: P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST, page: 'tickets' },
  ...ticketDetails('EXPORT'),
  { path: PATHS.inventory, titleKey: 'menu.inventory', icon: 'box', permission: P.SAMPLE_MANAGEMENT_INVENTORY_LIST, page: 'inventory' },
  { path: PATHS.gateConfiguration, titleKey: 'menu.gate_configuration', icon: 'antenna', permission: P.SECURITY_GATE_CONFIGURATION_LIST, page: 'gateConfiguration' },
  { path: PATHS.linkingReport, titleKey: 'menu.linking_report', icon: 'link', permission: P.REPORT_LINKING_LIST, page: 'linkReport' },
  { path: PATHS.unlinkReport, titleKey: 'menu.unlink_report', icon: 'disable', permission: P.REPORT_UNLINKING_LIST, page: 'linkReport' },
  { path: PATHS.inventoryReport, titleKey: 'menu.inventory_report', icon: 'th-list', permission: P.REPORT_INVENTORY_LIST, page: 'inventoryReport' },
  ...MASTER_DATA_CATALOGUES.map(
    (c): RouteEntry => ({ path: c.path, titleKey: `catalogue:${c.key}.many`, icon: CATALOGUE_ICONS[c.key], permission: c.permissions.list, page: 'masterData' }),
  ),
  { path: PATHS.systemLog, titleKey: 'menu.system_log', icon: 'history', permission: P.LOG_MANAGEMENT_SYSTEM_LOG_LIST, page: 'systemLog' },
  { path: PATHS.integrationLog, titleKey: 'menu.integration_log', icon: 'exchange', permission: P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST, page: 'integrationLog' },
];

/** A sidebar group; it shows when at least one of its entries does. */
export interface MenuGroup {
  key: string;
  labelKey: string;
  icon: IconName;
  paths: string[];
}

const cataloguePath = (key: MasterDataKey) => MASTER_DATA_CATALOGUES.find((c) => c.key === key)!.path;

/** The sidebar's groups, in order. */
export const MENU: readonly MenuGroup[] = [
  { key: 'dashboard', labelKey: 'menu.dashboard', icon: 'dashboard', paths: [PATHS.dashboard] },
  { key: 'product', labelKey: 'menu.group.product_management', icon: 'box', paths: [PATHS.sampleList, PATHS.importTickets, PATHS.exportTickets, PATHS.products, PATHS.rfidList, PATHS.inventory, PATHS.link, PATHS.unlink] },
  { key: 'gate', labelKey: 'menu.group.gate', icon: 'log-in', paths: [PATHS.gateConfiguration] },
  { key: 'stocktake', labelKey: 'menu.group.stocktake', icon: 'clipboard', paths: [] },
  { key: 'report', labelKey: 'menu.group.report', icon: 'chart', paths: [PATHS.linkingReport, PATHS.unlinkReport, PATHS.inventoryReport] },
  { key: 'admin', labelKey: 'menu.group.system_administration', icon: 'cog', paths: [PATHS.users, PATHS.userGroups] },
  {
    key: 'catalog',
    labelKey: 'menu.group.catalog',
    icon: 'th',
    // catalogues in the menu's order: season, stage, category, supplier, type, gender, location, size
    paths: (['seasons', 'stages', 'categories', 'customers', 'types', 'genders', 'zones', 'sizes'] as const).map(cataloguePath),
  },
  { key: 'logs', labelKey: 'menu.group.log_management', icon: 'history', paths: [PATHS.systemLog, PATHS.integrationLog] },
];
