import type { IconName } from '@blueprintjs/icons';
import { MENU_GROUPS, SCREEN_PATHS, SCREENS, type MasterDataKey, type MenuGroupKey, type Screen, type ScreenKey, type TicketDirection, type TicketSource } from '@rfid/contracts';
import { generatePath } from 'react-router-dom';

/** Every path of the app (contracts' SCREEN_PATHS). Pages link and navigate with these, never with a path typed again. */
export const PATHS = SCREEN_PATHS;

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

/** A stocktake's own page. */
export const stocktakePath = (id: string): string => generatePath(PATHS.stocktakingDetail, { id });

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
  | 'alertConfiguration'
  | 'systemConfiguration'
  | 'samples'
  | 'sampleDetail'
  | 'products'
  | 'rfidTags'
  | 'link'
  | 'unlink'
  | 'linkReport'
  | 'alertReport'
  | 'tickets'
  | 'ticketDetail'
  | 'inventory'
  | 'inventoryReport'
  | 'masterData'
  | 'gateConfiguration'
  | 'gateTickets'
  | 'gateHistory'
  | 'stocktakes'
  | 'stocktakeDetail'
  | 'countings'
  | 'systemLog'
  | 'integrationLog';

/** How a screen of the contracts' table looks: its title, its icon and the page that shows it. */
interface ScreenView {
  titleKey: string;
  icon: IconName;
  page: PageName;
}

/** The screens but the catalogues', which are alike (viewOf). */
const VIEWS: Record<Exclude<ScreenKey, `masterData.${string}`>, ScreenView> = {
  dashboard: { titleKey: 'menu.dashboard', icon: 'dashboard', page: 'dashboard' },
  sampleList: { titleKey: 'menu.sample_list', icon: 'cube', page: 'samples' },
  sampleDetail: { titleKey: 'samples.detail_title', icon: 'cube', page: 'sampleDetail' },
  importTickets: { titleKey: 'menu.import_ticket', icon: 'import', page: 'tickets' },
  // a supplier's ticket and an internal one: one page
  importTicketDetail: { titleKey: 'tickets.import_detail_title', icon: 'import', page: 'ticketDetail' },
  importTicketInternalDetail: { titleKey: 'tickets.import_detail_title', icon: 'import', page: 'ticketDetail' },
  exportTickets: { titleKey: 'menu.export_ticket', icon: 'export', page: 'tickets' },
  exportTicketDetail: { titleKey: 'tickets.export_detail_title', icon: 'export', page: 'ticketDetail' },
  exportTicketInternalDetail: { titleKey: 'tickets.export_detail_title', icon: 'export', page: 'ticketDetail' },
  products: { titleKey: 'menu.products', icon: 'box', page: 'products' },
  rfidList: { titleKey: 'menu.rfid_list', icon: 'barcode', page: 'rfidTags' },
  inventory: { titleKey: 'menu.inventory', icon: 'box', page: 'inventory' },
  link: { titleKey: 'menu.link', icon: 'link', page: 'link' },
  unlink: { titleKey: 'menu.unlink', icon: 'disable', page: 'unlink' },
  stocktaking: { titleKey: 'menu.stocktaking', icon: 'clipboard', page: 'stocktakes' },
  stocktakingDetail: { titleKey: 'stocktake.detail_title', icon: 'clipboard', page: 'stocktakeDetail' },
  counting: { titleKey: 'menu.counting', icon: 'numerical', page: 'countings' },
  linkingReport: { titleKey: 'menu.linking_report', icon: 'link', page: 'linkReport' },
  unlinkReport: { titleKey: 'menu.unlink_report', icon: 'disable', page: 'linkReport' },
  alertReport: { titleKey: 'menu.alert_report', icon: 'warning-sign', page: 'alertReport' },
  inventoryReport: { titleKey: 'menu.inventory_report', icon: 'th-list', page: 'inventoryReport' },
  gateConfiguration: { titleKey: 'menu.gate_configuration', icon: 'antenna', page: 'gateConfiguration' },
  gateTickets: { titleKey: 'menu.gate_tickets', icon: 'document', page: 'gateTickets' },
  gateHistory: { titleKey: 'menu.gate_history', icon: 'timeline-events', page: 'gateHistory' },
  users: { titleKey: 'menu.users', icon: 'person', page: 'users' },
  userGroups: { titleKey: 'menu.user_groups', icon: 'people', page: 'userGroups' },
  alertConfiguration: { titleKey: 'menu.alert_configuration', icon: 'notifications-updated', page: 'alertConfiguration' },
  systemConfiguration: { titleKey: 'menu.system_configuration', icon: 'cog', page: 'systemConfiguration' },
  systemLog: { titleKey: 'menu.system_log', icon: 'history', page: 'systemLog' },
  integrationLog: { titleKey: 'menu.integration_log', icon: 'exchange', page: 'integrationLog' },
  notifications: { titleKey: 'menu.notifications', icon: 'notifications', page: 'notifications' },
};

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

function viewOf(key: ScreenKey): ScreenView {
  if (key.startsWith('masterData.')) {
    const catalogue = key.slice('masterData.'.length) as MasterDataKey;
    return { titleKey: `catalogue:${catalogue}.many`, icon: CATALOGUE_ICONS[catalogue], page: 'masterData' };
  }
  return VIEWS[key as keyof typeof VIEWS];
}

/**
 * A signed-in page: a screen of the contracts' table (its path, the permission without which it is
 * not registered, whether it is a detail page) with how it looks.
 */
export interface RouteEntry extends Screen, ScreenView {}

/** The signed-in pages: the contracts' screens, in their order. */
export const ROUTE_TABLE: readonly RouteEntry[] = SCREENS.map((s) => ({ ...s, ...viewOf(s.key) }));

/** A sidebar group (contracts' MENU_GROUPS) with its label and icon; it shows when at least one of its entries does. */
export interface MenuGroup {
  key: MenuGroupKey;
  labelKey: string;
  icon: IconName;
  paths: readonly string[];
}

const GROUP_VIEWS: Record<MenuGroupKey, Pick<MenuGroup, 'labelKey' | 'icon'>> = {
  dashboard: { labelKey: 'menu.dashboard', icon: 'dashboard' },
  product: { labelKey: 'menu.group.product_management', icon: 'box' },
  gate: { labelKey: 'menu.group.gate', icon: 'log-in' },
  stocktake: { labelKey: 'menu.group.stocktake', icon: 'clipboard' },
  report: { labelKey: 'menu.group.report', icon: 'chart' },
  admin: { labelKey: 'menu.group.system_administration', icon: 'cog' },
  catalog: { labelKey: 'menu.group.catalog', icon: 'th' },
  logs: { labelKey: 'menu.group.log_management', icon: 'history' },
};

/** The sidebar's groups, in order. */
export const MENU: readonly MenuGroup[] = MENU_GROUPS.map((g) => ({ ...g, ...GROUP_VIEWS[g.key] }));
