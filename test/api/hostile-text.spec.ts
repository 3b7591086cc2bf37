import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { listRoutes, type RouteInfo } from '@rfid/backend/platform/http/route-catalogue';
import { type TestApp } from '@rfid/backend/testing/test-app';
import { suiteApp, type SuiteApp } from './suite-app.js';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'half \ud800 of a pair';

/** The route's path with every parameter filled: `value` for `param`, a plausible value for the others. */
function pathWith(route: RouteInfo, param?: string, value?: string): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => (name === param ? encodeURIComponent(value!) : name === 'id' || name.endsWith('Id') ? (route.path.startsWith('/api/system-logs') || route.path.startsWith('/api/integration-logs') ? '1' : randomUUID()) : 'E2801160600002'));
}

function send(t: TestApp, route: RouteInfo, path: string, token: string | undefined, body?: unknown) {
  const api = t.api(token);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = api[method](path);
  return body === undefined ? req : req.send(body as object);
}

describe('a NUL or a lone surrogate in any part of any request is refused with 400 TEXT_NOT_VALID naming the field', () => {
  let { t, admin } = {} as SuiteApp;
  let routes: RouteInfo[];
  suiteApp({}, (app) => {
    ({ t, admin } = app);
    routes = listRoutes(t.app);
  });

  const tokenFor = (r: RouteInfo) => (r.access?.kind === 'public' ? undefined : admin);

  it('every route that reads a JSON body, sign-in included', async () => {
    const bodyRoutes = routes.filter((r) => r.parses.body);
    assert.ok(bodyRoutes.length >= 15, `${bodyRoutes.length} routes read a body`);
    assert.ok(bodyRoutes.some((r) => r.path === '/api/auth/login'));
    for (const r of bodyRoutes) {
      for (const [body, fields] of [
        [{ username: NUL, password: 'x' }, ['username']],
        [{ name: LONE_SURROGATE, items: [{ deep: NUL }] }, ['name', 'items.0.deep']],
        [{ [NUL]: 'a key is text too' }, [NUL]],
      ] as const) {
        const res = await send(t, r, pathWith(r), tokenFor(r), body);
        assert.equal(res.status, 400, `${r.method} ${r.path} with ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'TEXT_NOT_VALID', `${r.method} ${r.path}`);
        assert.deepEqual(
          (res.body.details as { field: string; code: string }[]).map((d) => [d.field, d.code]),
          fields.map((f) => [f, 'TEXT_NOT_VALID']),
          `${r.method} ${r.path} names the field`,
        );
      }
    }
  });

  it('every route that reads a query string (each list, search and export)', async () => {
    const queryRoutes = routes.filter((r) => r.parses.query);
    assert.ok(queryRoutes.length >= 15, `${queryRoutes.length} routes read a query`);
    for (const r of queryRoutes) {
      for (const name of ['q', 'probe']) {
        const res = await send(t, r, `${pathWith(r)}?${name}=${encodeURIComponent(NUL)}`, tokenFor(r), r.parses.body ? {} : undefined);
        assert.equal(res.status, 400, `${r.method} ${r.path}?${name}=NUL: ${res.status} ${JSON.stringify(res.body)}`);
        assert.deepEqual([res.body.code, res.body.details[0].field], ['TEXT_NOT_VALID', name], `${r.method} ${r.path}`);
      }
    }
  });

  it('every path parameter, named by its own name (not "(body)")', async () => {
    const paramRoutes = routes.filter((r) => r.parses.params.length > 0);
    assert.ok(paramRoutes.length >= 15, `${paramRoutes.length} routes read path parameters`);
    for (const r of paramRoutes) {
      for (const param of r.parses.params) {
        const res = await send(t, r, pathWith(r, param, NUL), tokenFor(r), r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
        assert.equal(res.status, 400, `${r.method} ${r.path} with ${param}=NUL: ${res.status} ${JSON.stringify(res.body)}`);
        assert.deepEqual([res.body.code, res.body.details[0].field], ['TEXT_NOT_VALID', param], `${r.method} ${r.path}`);
        // A value the parameter's own rule refuses (not a uuid, not a tag code) names it too; a route that
        // also reads a body may answer the body's errors first, so only the others are asked.
        if (r.parses.body) continue;
        const wrong = await send(t, r, pathWith(r, param, 'not-a-valid-value!'), tokenFor(r));
        if (wrong.status === 400) {
          assert.equal(wrong.body.details[0].field, param, `${r.method} ${r.path}: a wrong ${param} is named ${param}`);
        }
      }
    }
  });
});
