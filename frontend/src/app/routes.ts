import { MASTER_DATA_CATALOGUES, P, type PermissionCode } from '@rfid/contracts';
import type { IconName } from '@blueprintjs/icons';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The signed-in pages. A route is registered only for a user holding its permission (SPEC.md §2);
 * each page is its own chunk, loaded when first opened. Later issues add their pages here.
 */
export interface AppRoute {
  path: string;
  titleKey: string;
  icon: IconName;
  permission?: PermissionCode;
  page: LazyExoticComponent<ComponentType>;
  /** A page opened from a list (its path has a parameter): neither a menu entry nor a dashboard shortcut. */
  detail?: true;
}

const linkReportPage = lazy(() => import('../pages/reports/LinkReportPage'));
const masterDataPage = lazy(() => import('../pages/master-data/MasterDataPage'));
const CATALOGUE_ICONS: Record<(typeof MASTER_DATA_CATALOGUES)[number]['key'], IconName> = {
  seasons: 'calendar',
  stages: 'flow-linear',
  sizes: 'widget',
  zones: 'map-marker',
  categories: 'tag',
  customers: 'office',
  types: 'layers',
  genders: 'people',
};

export const ROUTES: AppRoute[] = [
  { path: '/', titleKey: 'menu.dashboard', icon: 'dashboard', permission: P.DASHBOARD, page: lazy(() => import('../pages/DashboardPage')) },
  { path: '/notifications', titleKey: 'menu.notifications', icon: 'notifications', page: lazy(() => import('../pages/notifications/NotificationsPage')) },
  {
    path: '/system-adminstration/user',
    titleKey: 'menu.users',
    icon: 'person',
    permission: P.SYSTEM_ADMINISTRATION_USER_LIST,
    page: lazy(() => import('../pages/admin/UsersPage')),
  },
  {
    path: '/system-adminstration/user-group',
    titleKey: 'menu.user_groups',
    icon: 'people',
    permission: P.SYSTEM_ADMINISTRATION_USER_GROUP_LIST,
    page: lazy(() => import('../pages/admin/UserGroupsPage')),
  },
  {
    path: '/sample-management/sample-list',
    titleKey: 'menu.sample_list',
    icon: 'cube',
    permission: P.SAMPLE_MANAGEMENT_SAMPLE_LIST,
    page: lazy(() => import('../pages/samples/SamplesPage')),
  },
  {
    path: '/sample-management/sample-list/:id',
    titleKey: 'samples.detail_title',
    icon: 'cube',
    permission: P.SAMPLE_MANAGEMENT_SAMPLE_DETAIL,
    page: lazy(() => import('../pages/samples/SampleDetailPage')),
    detail: true,
  },
  {
    path: '/sample-management/rfid-list',
    titleKey: 'menu.rfid_list',
    icon: 'barcode',
    permission: P.SAMPLE_MANAGEMENT_RFID_LIST,
    page: lazy(() => import('../pages/rfid/RfidTagsPage')),
  },
  {
    path: '/sample-management/link',
    titleKey: 'menu.link',
    icon: 'link',
    permission: P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK,
    page: lazy(() => import('../pages/rfid/LinkPage')),
  },
  {
    path: '/sample-management/unlink',
    titleKey: 'menu.unlink',
    icon: 'disable',
    permission: P.SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK,
    page: lazy(() => import('../pages/rfid/UnlinkPage')),
  },
  { path: '/report/linking-report', titleKey: 'menu.linking_report', icon: 'link', permission: P.REPORT_LINKING_LIST, page: linkReportPage },
  { path: '/report/unlink-report', titleKey: 'menu.unlink_report', icon: 'disable', permission: P.REPORT_UNLINKING_LIST, page: linkReportPage },
  ...MASTER_DATA_CATALOGUES.map(
    (c): AppRoute => ({ path: c.path, titleKey: `menu.master.${c.key}`, icon: CATALOGUE_ICONS[c.key], permission: c.permissions.list, page: masterDataPage }),
  ),
  {
    path: '/log-management/system-log',
    titleKey: 'menu.system_log',
    icon: 'history',
    permission: P.LOG_MANAGEMENT_SYSTEM_LOG_LIST,
    page: lazy(() => import('../pages/logs/SystemLogPage')),
  },
];

/** Sidebar groups of SPEC.md §2, in order; a group shows when at least one of its entries does. */
export interface MenuGroup {
  key: string;
  labelKey: string;
  icon: IconName;
  paths: string[];
}

export const MENU: MenuGroup[] = [
  { key: 'dashboard', labelKey: 'menu.dashboard', icon: 'dashboard', paths: ['/'] },
  {
    key: 'product',
    labelKey: 'menu.group.product_management',
    icon: 'box',
    paths: ['/sample-management/sample-list', '/sample-management/rfid-list', '/sample-management/link', '/sample-management/unlink'],
  },
  { key: 'gate', labelKey: 'menu.group.gate', icon: 'log-in', paths: [] },
  { key: 'stocktake', labelKey: 'menu.group.stocktake', icon: 'clipboard', paths: [] },
  { key: 'report', labelKey: 'menu.group.report', icon: 'chart', paths: ['/report/linking-report', '/report/unlink-report'] },
  {
    key: 'admin',
    labelKey: 'menu.group.system_administration',
    icon: 'cog',
    paths: ['/system-adminstration/user', '/system-adminstration/user-group'],
  },
  {
    key: 'catalog',
    labelKey: 'menu.group.catalog',
    icon: 'th',
    // SPEC.md §2's order: season, stage, category, suppliers, type, gender, location, size
    paths: ['seasons', 'stages', 'categories', 'customers', 'types', 'genders', 'zones', 'sizes'].map((k) => MASTER_DATA_CATALOGUES.find((c) => c.key === k)!.path),
  },
  { key: 'logs', labelKey: 'menu.group.log_management', icon: 'history', paths: ['/log-management/system-log'] },
];
