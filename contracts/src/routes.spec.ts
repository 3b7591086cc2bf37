import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MENU_GROUPS, SCREEN_PATHS, SCREENS } from './routes.js';

/**
 * The route table of the product, written out, with the permission each route implies: where a route
 * only says a permission is needed, the list (or detail) permission of the area and resource the
 * screen shows.
 */
const SPEC_ROUTES: Record<string, string | null> = {
  '/': 'DASHBOARD',
  '/sample-management/sample-list': 'SAMPLE_MANAGEMENT_SAMPLE_LIST',
  '/sample-management/import-ticket': 'SAMPLE_MANAGEMENT_IMPORT_TICKET_LIST',
  '/sample-management/import-ticket/:id': 'SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL',
  '/sample-management/import-ticket/internal/:id': 'SAMPLE_MANAGEMENT_IMPORT_TICKET_DETAIL',
  '/sample-management/export-ticket': 'SAMPLE_MANAGEMENT_EXPORT_TICKET_LIST',
  '/sample-management/export-ticket/:id': 'SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL',
  '/sample-management/export-ticket/internal/:id': 'SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL',
  '/sample-management/product': 'SAMPLE_MANAGEMENT_PRODUCT_LIST',
  '/sample-management/rfid-list': 'SAMPLE_MANAGEMENT_RFID_LIST',
  '/sample-management/inventory': 'SAMPLE_MANAGEMENT_INVENTORY_LIST',
  '/sample-management/link': 'SAMPLE_MANAGEMENT_RFID_LINKING_LINK',
  '/sample-management/unlink': 'SAMPLE_MANAGEMENT_RFID_UNLINKING_UNLINK',
  '/stocktake/stocktaking': 'STOCKTAKE_STOCKTAKING_LIST',
  '/stocktake/counting': 'STOCKTAKE_COUNTING_LIST',
  '/report/linking-report': 'REPORT_LINKING_LIST',
  '/report/unlink-report': 'REPORT_UNLINKING_LIST',
  '/report/alert-report': 'REPORT_ALERT_LIST',
  '/report/inventory-report': 'REPORT_INVENTORY_LIST',
  '/security-gate/configuration': 'SECURITY_GATE_CONFIGURATION_LIST',
  '/security-gate/ticket': 'SECURITY_GATE_TICKET_LIST',
  '/security-gate/logs': 'SECURITY_GATE_LOG_LIST',
  '/system-adminstration/user': 'SYSTEM_ADMINISTRATION_USER_LIST',
  '/system-adminstration/user-group': 'SYSTEM_ADMINISTRATION_USER_GROUP_LIST',
  '/system-adminstration/alert-configuration': 'SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST',
  '/system-adminstration/system-configuration': 'SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST',
  '/master-data/season-no': 'MASTER_DATA_SESSION_LIST',
  '/master-data/stage-no': 'MASTER_DATA_STAGE_LIST',
  '/master-data/size': 'MASTER_DATA_SIZE_LIST',
  '/master-data/zone': 'MASTER_DATA_ZONE_LIST',
  '/master-data/category': 'MASTER_DATA_CATEGORY_LIST',
  '/master-data/customer': 'MASTER_DATA_CUSTOMER_LIST',
  '/master-data/type': 'MASTER_DATA_TYPE_LIST',
  '/master-data/gender': 'MASTER_DATA_GENDER_LIST',
  '/log-management/system-log': 'LOG_MANAGEMENT_SYSTEM_LOG_LIST',
  '/notifications': null,
};

/** The product's sidebar, written out: each group with its entries' paths, in order. */
const SPEC_MENU: [string, string[]][] = [
  ['dashboard', ['/']],
  [
    'product',
    [
      '/sample-management/sample-list',
      '/sample-management/import-ticket',
      '/sample-management/export-ticket',
      '/sample-management/product',
      '/sample-management/rfid-list',
      '/sample-management/inventory',
      '/sample-management/link',
      '/sample-management/unlink',
    ],
  ],
  ['gate', ['/security-gate/configuration', '/security-gate/ticket', '/security-gate/logs']],
  ['stocktake', ['/stocktake/stocktaking', '/stocktake/counting']],
  ['report', ['/report/linking-report', '/report/unlink-report', '/report/alert-report', '/report/inventory-report']],
  ['admin', ['/system-adminstration/user', '/system-adminstration/user-group', '/system-adminstration/alert-configuration', '/system-adminstration/system-configuration']],
  [
    'catalog',
    ['/master-data/season-no', '/master-data/stage-no', '/master-data/category', '/master-data/customer', '/master-data/type', '/master-data/gender', '/master-data/zone', '/master-data/size'],
  ],
  ['logs', ['/log-management/system-log']],
];

describe("the screens' table against SPEC §2", () => {
  it('every route of the SPEC is a screen, with the permission the SPEC implies', () => {
    const table = Object.fromEntries(SCREENS.map((s) => [s.path, s.permission ?? null]));
    for (const [path, permission] of Object.entries(SPEC_ROUTES)) {
      assert.ok(path in table, `${path} is in the table`);
      assert.equal(table[path], permission, `${path} needs ${permission ?? 'no permission'}`);
    }
    assert.equal(SCREEN_PATHS.login, '/login');
  });

  it('a screen the SPEC does not list says why the product has it; the task assignment and the template leftovers are none', () => {
    const beyond = SCREENS.filter((s) => !(s.path in SPEC_ROUTES));
    for (const s of beyond) assert.ok(s.beyondSpec, `${s.path} says why it is there`);
    for (const s of SCREENS.filter((x) => x.path in SPEC_ROUTES)) assert.equal(s.beyondSpec, undefined, `${s.path} is in the SPEC`);
    assert.deepEqual(beyond.map((s) => s.path), ['/sample-management/sample-list/:id', '/stocktake/stocktaking/:id', '/log-management/integration-log']);
    assert.ok(!SCREENS.some((s) => /task-assignment|event|e-?mail|banner/i.test(s.path)));
  });

  it('each path once, each parameter-less screen no detail, each detail screen a parameter', () => {
    assert.equal(new Set(SCREENS.map((s) => s.path)).size, SCREENS.length);
    assert.equal(new Set(SCREENS.map((s) => s.key)).size, SCREENS.length);
    for (const s of SCREENS) assert.equal(!!s.detail, s.path.includes(':'), s.path);
  });

  it("the sidebar: the SPEC's groups and entries in its order, each entry a screen that is no detail", () => {
    assert.deepEqual(
      MENU_GROUPS.map((g) => [g.key, g.paths]),
      SPEC_MENU,
    );
    const byPath = new Map(SCREENS.map((s) => [s.path, s]));
    for (const path of MENU_GROUPS.flatMap((g) => g.paths)) {
      assert.ok(byPath.get(path) && !byPath.get(path)!.detail, `${path} is a list screen`);
      assert.ok(byPath.get(path)!.permission, `${path} is guarded, so its group can be hidden`);
    }
  });
});
