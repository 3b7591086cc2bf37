import { P, type PermissionCode } from './permissions.js';
import type { MasterDataKey } from './catalogue-names.js';
import { MASTER_DATA_CATALOGUES } from './schemas/master-data.js';

/*
 * The web app's screens as the product's route table names them: each route's path, the permission
 * without which it is not registered, and the sidebar's groups and entries in order. The web app adds
 * how each looks (its title, icon and page); the tests walk this table.
 */

/** Every path of the web app but the master-data catalogues' (MASTER_DATA_CATALOGUES' `path`). */
export const SCREEN_PATHS = {
  login: '/login',
  dashboard: '/',
  notifications: '/notifications',
  sampleList: '/sample-management/sample-list',
  sampleDetail: '/sample-management/sample-list/:id',
  importTickets: '/sample-management/import-ticket',
  importTicketDetail: '/sample-management/import-ticket/:id',
  importTicketInternalDetail: '/sample-management/import-ticket/internal/:id',
  exportTickets: '/sample-management/export-ticket',
  exportTicketDetail: '/sample-management/export-ticket/:id',
  exportTicketInternalDetail: '/sample-management/export-ticket/internal/:id',
  products: '/sample-management/product',
  rfidList: '/sample-management/rfid-list',
  inventory: '/sample-management/inventory',
  link: '/sample-management/link',
  unlink: '/sample-management/unlink',
  stocktaking: '/stocktake/stocktaking',
  stocktakingDetail: '/stocktake/stocktaking/:id',
  counting: '/stocktake/counting',
  linkingReport: '/report/linking-report',
  unlinkReport: '/report/unlink-report',
  alertReport: '/report/alert-report',
  inventoryReport: '/report/inventory-report',
  gateConfiguration: '/security-gate/configuration',
  gateTickets: '/security-gate/ticket',
  gateHistory: '/security-gate/logs',
  // the segment is spelled "adminstration": the product's published routes spell it so, and they are kept exactly
  users: '/system-adminstration/user',
  userGroups: '/system-adminstration/user-group',
  alertConfiguration: '/system-adminstration/alert-configuration',
  systemConfiguration: '/system-adminstration/system-configuration',
  systemLog: '/log-management/system-log',
  integrationLog: '/log-management/integration-log',
} as const;

/** A screen's name: a key of SCREEN_PATHS (the sign-in page is no signed-in screen), or a catalogue's. */
export type ScreenKey = Exclude<keyof typeof SCREEN_PATHS, 'login'> | `masterData.${MasterDataKey}`;

/** A signed-in screen: registered only for a user who holds its permission (none: every signed-in user). */
export interface Screen {
  key: ScreenKey;
  path: string;
  permission?: PermissionCode;
  /** Opened from a list (its path has a parameter): never a menu entry. */
  detail?: true;
  /** Why the product has a screen its route table does not list. */
  beyondSpec?: string;
}

const screen = (key: Exclude<ScreenKey, `masterData.${string}`>, permission: PermissionCode | undefined, more: Partial<Screen> = {}): Screen => ({
  key,
  path: SCREEN_PATHS[key],
  ...(permission ? { permission } : {}),
  ...more,
});

/** The signed-in screens, in the order of the product's route table (the screens beyond it beside their lists). */
export const SCREENS: readonly Screen[] = [
  screen('dashboard', P.DASHBOARD),
  screen('sampleList', P.SAMPLE_MANAGEMENT_SAMPLE_LIST),
  screen('sampleDetail', P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL, { detail: true, beyondSpec: "a sample's own page: its fields, tag, whereabouts and history" }),
  screen('importTickets', P.SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST),
  screen('importTicketDetail', P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL, { detail: true }),
  screen('importTicketInternalDetail', P.SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL, { detail: true }),
  screen('exportTickets', P.SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST),
  screen('exportTicketDetail', P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, { detail: true }),
  screen('exportTicketInternalDetail', P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL, { detail: true }),
  screen('products', P.SAMPLE_MANAGEMENT_PRODUCT_LIST),
  screen('rfidList', P.SAMPLE_MANAGEMENT_RFID_LIST),
  screen('inventory', P.SAMPLE_MANAGEMENT_INVENTORY_LIST),
  screen('link', P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK),
  screen('unlink', P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK),
  screen('stocktaking', P.STOCKTAKE_STOCKTAKING_LIST),
  screen('stocktakingDetail', P.STOCKTAKE_STOCKTAKING_DETAIL, { detail: true, beyondSpec: "a stocktake's own page: its expected and counted lines, scanning and closing" }),
  screen('counting', P.STOCKTAKE_COUNTING_LIST),
  screen('linkingReport', P.REPORT_LINKING_LIST),
  screen('unlinkReport', P.REPORT_UNLINKING_LIST),
  screen('alertReport', P.REPORT_ALERT_LIST),
  screen('inventoryReport', P.REPORT_INVENTORY_LIST),
  screen('gateConfiguration', P.SECURITY_GATE_CONFIGURATION_LIST),
  screen('gateTickets', P.SECURITY_GATE_TICKET_LIST),
  screen('gateHistory', P.SECURITY_GATE_LOG_LIST),
  screen('users', P.SYSTEM_ADMINISTRATION_USER_LIST),
  screen('userGroups', P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST),
  screen('alertConfiguration', P.SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST),
  screen('systemConfiguration', P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST),
  ...MASTER_DATA_CATALOGUES.map((c): Screen => ({ key: `masterData.${c.key}`, path: c.path, permission: c.permissions.list })),
  screen('systemLog', P.LOG_MANAGEMENT_SYSTEM_LOG_LIST),
  screen('integrationLog', P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST, {
    beyondSpec: "the readers' MQTT messages, refused and malformed ones with their reasons (issue 10); opened from the gate configuration, not the sidebar, which SPEC §2 fixes",
  }),
  screen('notifications', undefined),
];

export type MenuGroupKey = 'dashboard' | 'product' | 'gate' | 'stocktake' | 'report' | 'admin' | 'catalog' | 'logs';

/**
 * A sidebar group and its entries, in order. A group has no permission code of its own: it is hidden
 * when the user holds none of its entries' permissions (every entry is then hidden too).
 */
export interface MenuGroup {
  key: MenuGroupKey;
  paths: readonly string[];
}

const cataloguePath = (key: MasterDataKey) => MASTER_DATA_CATALOGUES.find((c) => c.key === key)!.path;

/** The sidebar: its groups and their entries, in the product's fixed order. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'dashboard', paths: [SCREEN_PATHS.dashboard] },
  {
    key: 'product',
    paths: [
      SCREEN_PATHS.sampleList,
      SCREEN_PATHS.importTickets,
      SCREEN_PATHS.exportTickets,
      SCREEN_PATHS.products,
      SCREEN_PATHS.rfidList,
      SCREEN_PATHS.inventory,
      SCREEN_PATHS.link,
      SCREEN_PATHS.unlink,
    ],
  },
  { key: 'gate', paths: [SCREEN_PATHS.gateConfiguration, SCREEN_PATHS.gateTickets, SCREEN_PATHS.gateHistory] },
  { key: 'stocktake', paths: [SCREEN_PATHS.stocktaking, SCREEN_PATHS.counting] },
  { key: 'report', paths: [SCREEN_PATHS.linkingReport, SCREEN_PATHS.unlinkReport, SCREEN_PATHS.alertReport, SCREEN_PATHS.inventoryReport] },
  { key: 'admin', paths: [SCREEN_PATHS.users, SCREEN_PATHS.userGroups, SCREEN_PATHS.alertConfiguration, SCREEN_PATHS.systemConfiguration] },
  // season, stage, category, supplier, type, gender, location, size: the sidebar's own order
  { key: 'catalog', paths: (['seasons', 'stages', 'categories', 'customers', 'types', 'genders', 'zones', 'sizes'] as const).map(cataloguePath) },
  { key: 'logs', paths: [SCREEN_PATHS.systemLog] },
];
