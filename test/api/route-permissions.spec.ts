import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { ALL_PERMISSIONS, API, type ApiRoute } from '@rfid/contracts';
import { codesOf } from '@rfid/backend/platform/auth/access.decorators';
import { listRoutes, type RouteInfo } from '@rfid/backend/platform/http/route-catalogue';
import { type TestApp } from '@rfid/backend/testing/test-app';
import { suiteApp, type SuiteApp } from './suite-app.js';

/** Routes anyone may call; every other route must refuse a caller without a token. */
/** Open to anyone: sign-in, the health probes and metrics (operations), the public settings, an external broker's hooks (which check the broker's secret themselves). */
const PUBLIC_ROUTES = ['POST /api/auth/login', 'GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics', 'GET /api/system-settings/public', 'POST /api/mqtt/authenticate', 'POST /api/mqtt/authorize'];

/** Routes every signed-in user may call, whatever their permissions: their own session, password and notifications. */
const SIGNED_IN_ROUTES = [
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'GET /api/auth/me',
  'PUT /api/auth/me/password',
  'GET /api/user-notifications',
  'GET /api/user-notifications/un-read',
  'POST /api/user-notifications/read',
  'DELETE /api/user-notifications/:id',
  'POST /api/user-notifications/:id/disable-alert',
];

/** Routes whose permissions the permission catalogue fixes, each with the codes that let a caller through (any one of them). */
const NAMED_ROUTES: Record<string, readonly string[]> = {
  'GET /api/alert-configurations': ['SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST'],
  'GET /api/alert-configurations/:id': ['SYSTEM_ADMINISTRATION_ALERT_CONFIG_LIST'],
  'POST /api/alert-configurations': ['SYSTEM_ADMINISTRATION_ALERT_CONFIG_CREATE'],
  'PUT /api/alert-configurations/:id': ['SYSTEM_ADMINISTRATION_ALERT_CONFIG_UPDATE'],
  'DELETE /api/alert-configurations/:id': ['SYSTEM_ADMINISTRATION_ALERT_CONFIG_DELETE'],
  'GET /api/alerts': ['SECURITY_GATE_LOG_LIST', 'REPORT_ALERT_LIST'],
  'GET /api/alerts/:id': ['SECURITY_GATE_LOG_LIST', 'REPORT_ALERT_LIST'],
  'GET /api/reports/alerts': ['REPORT_ALERT_LIST'],
  'GET /api/reports/alerts/export': ['REPORT_ALERT_LIST'],
  'GET /api/system-settings': ['SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_LIST'],
  'PUT /api/system-settings': ['SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE'],
  'GET /api/system-settings/public': [],
};

function concretePath(path: string): string {
  return path.replace(/:id\b/g, path.startsWith('/api/system-logs') || path.startsWith('/api/integration-logs') ? '1' : randomUUID()).replace(/:(\w+)/g, 'x');
}

function call(t: TestApp, route: RouteInfo, token?: string) {
  const api = t.api(token);
  const path = concretePath(route.path);
  switch (route.method) {
    case 'GET':
      return api.get(path);
    case 'POST':
      return api.post(path).send({});
    case 'PUT':
      return api.put(path).send({});
    case 'DELETE':
      return api.delete(path);
    default:
      throw new Error(`no test call for ${route.method} ${route.path}: add it here`);
  }
}

describe('every route declares and enforces its permission', () => {
  let { t, admin } = {} as SuiteApp;
  let routes: RouteInfo[];
  let groupId: string;
  let token: string;
  suiteApp({}, (app) => ({ t, admin } = app));
  before(async () => {
    routes = listRoutes(t.app);
    const g = await t.api(admin).post('/api/user-groups').send({ name: 'Probe', permissions: [] });
    groupId = g.body.id;
    await t.api(admin).post('/api/users').send({ username: 'probe', password: 'secret1', fullName: 'Probe', groupId }).expect(201);
    token = await t.login('probe', 'secret1');
  });

  it('the catalogue lists the routes, each with an access rule: a permission, or open (to anyone, or to any signed-in user) as named here', () => {
    assert.ok(routes.length >= 15, `found ${routes.length} routes`);
    for (const r of routes) assert.ok(r.access, `${r.method} ${r.path} declares who may call it`);
    const open = (kind: 'public' | 'signed-in') => routes.filter((r) => r.access?.kind === kind).map((r) => `${r.method} ${r.path}`).sort();
    assert.deepEqual(open('public'), [...PUBLIC_ROUTES].sort());
    assert.deepEqual(open('signed-in'), [...SIGNED_IN_ROUTES].sort());
    for (const r of routes) {
      if (r.access?.kind === 'any-permission') assert.ok(r.access.codes.length > 0, `${r.method} ${r.path} names its permissions`);
      for (const code of codesOf(r.access!)) assert.ok(ALL_PERMISSIONS.includes(code), `${code} is in the catalogue`);
    }
  });

  it('the routes the SPEC names ask for its permissions', () => {
    const byName = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
    for (const [name, codes] of Object.entries(NAMED_ROUTES)) {
      const route = byName.get(name);
      assert.ok(route, `${name} exists`);
      assert.deepEqual([...codesOf(route.access!)].sort(), [...codes].sort(), name);
    }
  });

  it('the API table of contracts is what the server serves: every route of it, with the access the table gives it, and no other', () => {
    const served = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
    const routesOf = (node: object): ApiRoute[] => ('method' in node && 'path' in node ? [node as ApiRoute] : Object.values(node).flatMap((child) => routesOf(child as object)));
    const table = routesOf(API);
    for (const r of table) {
      const route = served.get(`${r.method} /api${r.path}`);
      assert.ok(route, `${r.method} ${r.path} is served`);
      assert.deepEqual(route.access, r.access, `${r.method} ${r.path}`);
    }
    assert.equal(new Set(table.map((r) => `${r.method} ${r.path}`)).size, table.length, 'no route twice in the table');
    // the health probes and metrics are the platform's own, outside the product's API
    const inTable = new Set(table.map((r) => `${r.method} /api${r.path}`));
    assert.deepEqual([...served.keys()].filter((name) => !inTable.has(name)).sort(), ['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /metrics']);
  });

  it('without a token every non-public route answers 401 UNAUTHORIZED', async () => {
    for (const r of routes.filter((x) => x.access?.kind !== 'public')) {
      const res = await call(t, r);
      assert.equal(res.status, 401, `${r.method} ${r.path} without a token`);
      assert.equal(res.body.code, 'UNAUTHORIZED');
    }
  });

  it('with a valid token lacking the route permission: 403 FORBIDDEN; with it (any one of them, for a look-up several screens share): let through', async () => {
    const admin = await t.adminToken();
    const guarded = routes.filter((r) => codesOf(r.access!).length > 0);
    const codeSets = [...new Map(guarded.map((r) => [codesOf(r.access!).join('|'), codesOf(r.access!)])).values()];
    const setPermissions = (permissions: readonly string[]) => t.api(admin).put(`/api/user-groups/${groupId}/permissions`).send({ permissions }).expect(200);
    for (const codes of codeSets) {
      const routesOf = guarded.filter((x) => codesOf(x.access!).join('|') === codes.join('|'));
      // Every permission but these: the refusal must come from these very codes.
      await setPermissions(ALL_PERMISSIONS.filter((c) => !codes.includes(c)));
      for (const r of routesOf) {
        const res = await call(t, r, token);
        assert.equal(res.status, 403, `${r.method} ${r.path} without ${codes.join(' or ')}`);
        assert.equal(res.body.code, 'FORBIDDEN');
      }
      for (const code of codes) {
        await setPermissions([code]);
        for (const r of routesOf) {
          const res = await call(t, r, token);
          assert.ok(![401, 403].includes(res.status) || res.body.code !== 'FORBIDDEN', `${r.method} ${r.path} with ${code} is let through (got ${res.status} ${res.body.code})`);
        }
      }
    }
  });

  // The matrix above proves each route enforces what it declares; this says what it must declare: the catalogue's permissions for its resource.
  it('the gate tickets\' routes declare SPEC\'s SECURITY_GATE_TICKET_* permissions', () => {
    const declared = Object.fromEntries(routes.filter((r) => r.path.startsWith('/api/gate-tickets')).map((r) => [`${r.method} ${r.path}`, codesOf(r.access!).join(' or ')]));
    assert.deepEqual(declared, {
      'GET /api/gate-tickets': 'SECURITY_GATE_TICKET_LIST',
      'GET /api/gate-tickets/:id': 'SECURITY_GATE_TICKET_LIST',
      'POST /api/gate-tickets': 'SECURITY_GATE_TICKET_CREATE',
      'PUT /api/gate-tickets/:id': 'SECURITY_GATE_TICKET_UPDATE',
      'DELETE /api/gate-tickets/:id': 'SECURITY_GATE_TICKET_DELETE',
      'POST /api/gate-tickets/:id/approve': 'SECURITY_GATE_TICKET_APPROVE',
      'POST /api/gate-tickets/:id/cancel': 'SECURITY_GATE_TICKET_APPROVE',
    });
  });

  it('the stocktakes\' routes declare SPEC\'s STOCKTAKE_STOCKTAKING_* permissions', () => {
    const declared = Object.fromEntries(routes.filter((r) => r.path.startsWith('/api/stocktakes')).map((r) => [`${r.method} ${r.path}`, codesOf(r.access!).join(' or ')]));
    assert.deepEqual(declared, {
      'GET /api/stocktakes': 'STOCKTAKE_STOCKTAKING_LIST or STOCKTAKE_STOCKTAKING_SEARCH',
      'GET /api/stocktakes/:id': 'STOCKTAKE_STOCKTAKING_DETAIL',
      'POST /api/stocktakes': 'STOCKTAKE_STOCKTAKING_CREATE',
      'PUT /api/stocktakes/:id': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'POST /api/stocktakes/:id/start': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'POST /api/stocktakes/:id/reset': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'POST /api/stocktakes/:id/close': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'GET /api/stocktakes/:id/lines': 'STOCKTAKE_STOCKTAKING_DETAIL',
      'POST /api/stocktakes/:id/lines/:lineId/ignore': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'POST /api/stocktakes/:id/scans': 'STOCKTAKE_STOCKTAKING_UPDATE',
      'GET /api/stocktakes/:id/export': 'STOCKTAKE_STOCKTAKING_DETAIL',
    });
  });

  it('signed-in routes need a token but no permission', async () => {
    const admin = await t.adminToken();
    await t.api(admin).put(`/api/user-groups/${groupId}/permissions`).send({ permissions: [] }).expect(200);
    const me = await t.api(token).get('/api/auth/me');
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.permissions, []);
  });
});
