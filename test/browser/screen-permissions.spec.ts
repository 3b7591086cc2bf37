import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '@rfid/backend/testing/test-app';
import { ALL_PERMISSIONS, MENU_GROUPS, P, SCREENS, type PermissionCode, type Screen } from '@rfid/contracts';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { connectReader } from '../api/reader-fixtures.js';
import { createCatalogues, sampleBody } from '../api/sample-fixtures.js';
import { signIn, browserSuite } from './browser.js';
import { frontendRoutes, type FrontendRoute } from './frontend-routes.js';

/** A user who makes tickets (an export ticket is approved by another user than its maker). */
async function ticketMaker(t: TestApp, admin: string): Promise<string> {
  const permissions = [P.SAMPLE_MANAGEMENT_EXPORT_TICKET_CREATE, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_UPDATE, P.SAMPLE_MANAGEMENT_EXPORT_TICKET_DETAIL];
  const groupId = (await t.api(admin).post('/api/user-groups').send({ name: 'Ticket makers', permissions }).expect(201)).body.id;
  await t.api(admin).post('/api/users').send({ username: 'ticket.maker', password: 'secret1', fullName: 'Ticket maker', groupId }).expect(201);
  return t.login('ticket.maker', 'secret1');
}

/** What a screen did while it was open: the API answers it got, and the times the page's URL changed. */
interface Visit {
  refused: string[];
  navigations: number;
}

/** Counts every change of the page's URL: full loads and the router's history changes alike. */
const COUNT_NAVIGATIONS = `
  window.__navigations = (window.__navigations ?? 0) + 1;
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) { window.__navigations++; return original.apply(this, args); };
  }`;

/**
 * Every screen of the contracts' route table, opened by a user whose group holds only that screen's
 * permission (none for a screen that needs none): it shows its content, its filters' look-ups answer, no
 * call it makes is refused, the session stays and no redirect repeats. Opened by a user holding every
 * permission but its own, it is absent. The sidebar shows the contracts' groups and entries in order,
 * a group hidden from a user holding none of its entries' permissions.
 */
describe('every screen works with the permission its route needs, and only that', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  /** The contracts' screens: the ones walked. */
  const routes: readonly Screen[] = SCREENS;
  let appRoutes: readonly FrontendRoute[];
  /** The value of each route parameter: a record the screen can show. */
  const params: Record<string, string> = {};
  /** The URL of a route whose parameter names another record than a sample (a ticket). */
  const urls: Record<string, string> = {};
  /** Lists that may be empty: the notifications. */
  const mayBeEmpty = new Set(['/notifications']);

  browserSuite({ config: { mqttWebSocket: true } }, async (suite) => {
    // the embedded MQTT broker on the app's port: a reader connects, so that the integration log has an entry
    ({ t, base, browser } = suite);
    appRoutes = await frontendRoutes();
    const admin = await t.adminToken();
    // something in every list: catalogue items, samples, products, tags, a link and an unlink (reports), users and groups (the log)
    const c = await createCatalogues(t, admin);
    const sample = (await t.api(admin).post('/api/samples').send(sampleBody(c, { sampleCode: 'WALK-1', name: 'Walked sample' })).expect(201)).body;
    params.id = sample.id;
    const product = (await t.api(admin).post('/api/products').send({ code: 'WALK-P1', name: 'Walked product', supplierId: c.active.customers[0] }).expect(201)).body;
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['AB56000000000001'] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'AB56000000000001', sampleId: sample.id }).expect(200);
    await t.api(admin).post('/api/rfid-tags/unlink').send({ tagCodes: ['AB56000000000001'], reason: 'walk' }).expect(200);
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'AB56000000000001', sampleId: sample.id }).expect(200);
    const { credentials, reader: gate } = (
      await t.api(admin)
        .post('/api/readers')
        .send({ code: 'WALK-GATE', name: 'Walked gate', kind: 'GATE', format: 'SIMPLE', zoneId: c.active.zones[0], antennas: [{ port: 1, power: 25 }], operatingMode: 'AUTOMATIC' })
        .expect(201)
    ).body;
    const reader = await connectReader(`${base.replace('http', 'ws')}/mqtt`, credentials.username, credentials.password);
    await waitFor('the connection in the integration log', async () => (await t.api(admin).get('/api/integration-logs').expect(200)).body.total > 0);
    // a tag nobody registered through the gate: a pass (the gate history) and its alert (the alert report)
    await reader.publishAsync(gate.topics.events, JSON.stringify({ reads: [{ epc: 'E2801160600002FA1B2CAB01', antenna: 1 }] }), { qos: 1 });
    await waitFor('the gate alert', async () => (await t.api(admin).get('/api/alerts').expect(200)).body.total > 0);
    reader.end(true);
    // a quick count: a handheld in COUNTING mode reads a tag
    const { credentials: hh, reader: handheld } = (
      await t.api(admin)
        .post('/api/readers')
        .send({ code: 'WALK-HH', name: 'Walked handheld', kind: 'HANDHELD', format: 'SIMPLE', zoneId: c.active.zones[0], antennas: [{ port: 1, power: 20 }], deviceMode: 'COUNTING' })
        .expect(201)
    ).body;
    const counter = await connectReader(`${base.replace('http', 'ws')}/mqtt`, hh.username, hh.password);
    await counter.publishAsync(handheld.topics.events, JSON.stringify({ reads: [{ epc: 'AB56000000000001', antenna: 1 }] }), { qos: 1 });
    await waitFor('the quick count', async () => (await t.api(admin).get('/api/countings').expect(200)).body.total > 0);
    counter.end(true);
    // a stocktake of the walked sample's zone (its own page is walked too)
    const stocktake = (await t.api(admin).post('/api/stocktakes').send({ name: 'Walk', zoneIds: [c.active.zones[0]] }).expect(201)).body;
    urls['/stocktake/stocktaking/:id'] = `/stocktake/stocktaking/${stocktake.id}`;
    // a gate ticket, an alert configuration
    await t.api(admin)
      .post('/api/gate-tickets')
      .send({ reason: 'Walk', gateIds: [gate.id], validFrom: new Date().toISOString(), validTo: new Date(Date.now() + 3_600_000).toISOString(), items: [{ kind: 'SAMPLE', sampleId: sample.id }] })
      .expect(201);
    const me = (await t.api(admin).get('/api/users?q=admin').expect(200)).body.data[0];
    await t.api(admin).post('/api/alert-configurations').send({ userId: me.id, methods: ['IN_APP'], actionName: 'Walk', functionName: 'GATE', timeMinutes: 5 }).expect(201);
    // tickets: an internal export lent out and closed (the export list), the sample brought back (the import list)
    const maker = await ticketMaker(t, admin);
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['E28011606000020A1B2C0A01'] }).expect(201);
    const lent = (await t.api(admin).post('/api/samples').send(sampleBody(c, { sampleCode: 'WALK-2', name: 'Lent sample' })).expect(201)).body;
    await t.api(admin).post('/api/rfid-tags/link').send({ tagCode: 'E28011606000020A1B2C0A01', sampleId: lent.id }).expect(200);
    const exportTicket = (await t.api(maker).post('/api/export-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds: [lent.id], allowedGateId: gate.id }).expect(201)).body;
    const step = (token: string, action: string) => t.api(token).post(`/api/export-tickets/${exportTicket.id}/${action}`).send({}).expect(200);
    const scan = () => t.api(maker).post(`/api/export-tickets/${exportTicket.id}/scans`).send({ epcs: ['E28011606000020A1B2C0A01'] }).expect(200);
    await step(maker, 'prepare');
    await scan();
    await step(maker, 'prepared');
    await step(maker, 'submit');
    await step(admin, 'approve');
    await step(maker, 'start');
    await scan();
    await step(maker, 'close');
    // stock (the inventory and its report): a supplier's receipt of the product, its tag pasted, closed
    await t.api(admin).post('/api/rfid-tags').send({ codes: ['E28011606000020A1B2C0B01'] }).expect(201);
    await t.api(admin).post('/api/rfid-tags/link-product').send({ tagCode: 'E28011606000020A1B2C0B01', productId: product.id }).expect(200);
    const receipt = (await t.api(admin).post('/api/import-tickets').send({ source: 'SUPPLIER', warehouseId: c.active.zones[0], supplierId: c.active.customers[0], lines: [{ productId: product.id, planned: 1 }] }).expect(201)).body;
    for (const action of ['prepare', 'prepared', 'start']) await t.api(admin).post(`/api/import-tickets/${receipt.id}/${action}`).send({}).expect(200);
    await t.api(admin).post(`/api/import-tickets/${receipt.id}/scans`).send({ epcs: ['E28011606000020A1B2C0B01'] }).expect(200);
    await t.api(admin).post(`/api/import-tickets/${receipt.id}/close`).send({}).expect(200);
    const importTicket = (await t.api(admin).post('/api/import-tickets').send({ source: 'INTERNAL', warehouseId: c.active.zones[0], sampleIds: [lent.id] }).expect(201)).body;
    // one ticket page shows a supplier's and an internal ticket alike
    for (const kind of ['', 'internal/']) {
      urls[`/sample-management/export-ticket/${kind}:id`] = `/sample-management/export-ticket/${kind}${exportTicket.id}`;
      urls[`/sample-management/import-ticket/${kind}:id`] = `/sample-management/import-ticket/${kind}${importTicket.id}`;
    }
    for (const [i, route] of routes.entries()) {
      const groupId = (await t.api(admin).post('/api/user-groups').send({ name: `Only ${i} ${route.key}`, permissions: route.permission ? [route.permission] : [] }).expect(201)).body.id;
      await t.api(admin).post('/api/users').send({ username: `walker${i}`, password: 'secret1', fullName: `Walker ${i}`, groupId }).expect(201);
    }
  });

  /** The route's path with each parameter given a record's id. */
  const concrete = (route: Screen) =>
    urls[route.path] ??
    route.path.replace(/:(\w+)/g, (_, name: string) => {
      assert.ok(params[name], `the walk has no value for :${name} of ${route.path}: seed a record for it`);
      return params[name]!;
    });

  /** Opens every look-up choice of the screen's filters and waits for its items (or its error). */
  async function openFilterChoices(page: Page, where: string): Promise<void> {
    if (await page.locator('[data-testid=more-filters]').count()) await page.click('[data-testid=more-filters]');
    const choices = page.locator('.filter-bar .lookup-select [role=combobox]');
    for (let i = 0; i < (await choices.count()); i++) {
      const choice = choices.nth(i);
      const label = await choice.getAttribute('aria-label');
      await choice.click();
      // "All", then at least one item; or the error of a refused look-up
      await page.waitForFunction(() => document.querySelectorAll('[role=listbox] [role=option]').length > 1 || document.querySelector('[data-testid=lookup-error]'));
      assert.equal(await page.locator('[data-testid=lookup-error]').count(), 0, `${where}: the choice "${label}" reads its items`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role=listbox]', { state: 'detached' });
    }
  }

  async function visit(page: Page, route: Screen, url: string): Promise<Visit> {
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && (res.status() === 401 || res.status() === 403 || res.status() >= 500)) refused.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    await page.goto(`${base}${url}`);
    // the screen's content: its title, and, for a list, its rows (or, for one that may be empty, its empty state)
    await page.waitForSelector('main h1', { timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('.page-spinner, .list-spinner'));
    if (await page.locator('main .list-table').count()) {
      await page.waitForSelector(mayBeEmpty.has(route.path) ? 'main .list-table tbody tr, main .list-empty' : 'main .list-table tbody tr');
    }
    await openFilterChoices(page, url);
    return { refused, navigations: await page.evaluate(() => (window as unknown as { __navigations: number }).__navigations) };
  }

  it("the app registers the contracts' screens, each with its permission", () => {
    const entry = (r: { path: string; permission?: PermissionCode; detail?: true }) => [r.path, r.permission ?? null, !!r.detail];
    assert.deepEqual(appRoutes.map(entry), routes.map(entry));
    assert.ok(routes.some((r) => r.detail), 'a detail screen is walked too');
  });

  it('each screen, opened with only its own permission', async () => {
    const problems: string[] = [];
    for (const [i, route] of routes.entries()) {
      const url = concrete(route);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      try {
        await signIn(page, base, `walker${i}`, 'secret1', i % 2 ? 'vi' : 'en');
        const token = await page.evaluate(() => localStorage.getItem('rfid.session'));
        await page.addInitScript(COUNT_NAVIGATIONS);
        const seen = await visit(page, route, url);
        const where = `${url} with ${route.permission ?? 'no permission'}`;
        if (seen.refused.length) problems.push(`${where}: refused calls ${seen.refused.join(', ')}`);
        // the load itself, and at most one change of the router's own (a redirect repeating makes many)
        if (seen.navigations > 2) problems.push(`${where}: the URL changed ${seen.navigations} times`);
        if (new URL(page.url()).pathname !== url) problems.push(`${where}: ended on ${page.url()}`);
        if ((await page.evaluate(() => localStorage.getItem('rfid.session'))) !== token) problems.push(`${where}: the session was cleared`);
        if (await page.locator('[data-testid=not-found], [data-testid=no-access], .bp6-toast.bp6-intent-danger').count()) problems.push(`${where}: shows an error`);
      } catch (err) {
        problems.push(`${url} with ${route.permission ?? 'no permission'}: ${(err as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
    assert.deepEqual(problems, []);
  });

  /** The sidebar as shown: each group's key with its entries' paths, in order. */
  const sidebar = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('.app-sidebar [data-menu-group]')).map((g) => [
        g.getAttribute('data-menu-group'),
        (g.matches('a') ? [g] : Array.from(g.querySelectorAll('a'))).map((a) => a.getAttribute('href')),
      ]),
    );
  /** The contracts' sidebar as a user holding `held` sees it: the entries they may open, a group without any hidden. */
  const expectedSidebar = (held: (code: PermissionCode) => boolean) => {
    const byPath = new Map(routes.map((r) => [r.path, r]));
    return MENU_GROUPS.map((g) => [g.key, g.paths.filter((p) => byPath.has(p) && held(byPath.get(p)!.permission!))]).filter(([, paths]) => paths.length > 0);
  };

  /** A new browser page signed in as a new user whose group holds exactly `permissions`. */
  async function signedInWith(name: string, permissions: readonly PermissionCode[]): Promise<Page> {
    const admin = await t.adminToken();
    const groupId = (await t.api(admin).post('/api/user-groups').send({ name, permissions }).expect(201)).body.id;
    const username = name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
    await t.api(admin).post('/api/users').send({ username, password: 'secret1', fullName: name, groupId }).expect(201);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, base, username, 'secret1', 'en');
    return page;
  }

  it("the sidebar of an administrator: SPEC's groups, titled as SPEC names them, and their entries in its order", async () => {
    const page = await signedInWith('All of it', ALL_PERMISSIONS);
    await page.goto(`${base}/notifications`);
    await page.waitForSelector('.app-sidebar [data-menu-group]');
    assert.deepEqual(await sidebar(page), expectedSidebar(() => true));
    assert.equal(MENU_GROUPS.length, (await sidebar(page)).length, 'every group shows');
    assert.deepEqual(
      (await page.locator('.app-sidebar [data-menu-group]').evaluateAll((els) => els.map((e) => (e.matches('a') ? e : e.querySelector('.app-sidebar-group-title'))!.textContent!.trim()))),
      ['Dashboard', 'Product management', 'Import/export gate', 'Stocktake', 'Report', 'System administration', 'Catalog', 'Log management'],
    );
    await page.context().close();
  });

  /**
   * Each group's screens for a user holding every permission but its entries': the group is hidden, each
   * of its screens absent; then the screens of no group (detail pages, the integration log) the same way.
   */
  it('without its permission a screen is absent (the not-found page; the dashboard: a redirect to a page the user may open) and its sidebar group hidden', async () => {
    const inGroups = new Set(MENU_GROUPS.flatMap((g) => g.paths));
    const sets = [
      ...MENU_GROUPS.map((g) => ({ name: `Without ${g.key}`, screens: routes.filter((r) => g.paths.includes(r.path)) })),
      { name: 'Without detail pages', screens: routes.filter((r) => r.permission && !inGroups.has(r.path)) },
    ];
    const problems: string[] = [];
    for (const { name, screens } of sets) {
      const missing = new Set(screens.map((r) => r.permission!));
      const held = (code: PermissionCode) => !missing.has(code);
      const page = await signedInWith(name, ALL_PERMISSIONS.filter(held));
      await page.goto(`${base}/notifications`);
      await page.waitForSelector('.app-sidebar [data-menu-group]');
      const shown = await sidebar(page);
      if (JSON.stringify(shown) !== JSON.stringify(expectedSidebar(held))) problems.push(`${name}: the sidebar shows ${JSON.stringify(shown)}`);
      for (const route of screens) {
        const url = concrete(route);
        await page.goto(`${base}${url}`);
        if (route.path === '/') {
          // the home page goes to the first page the user may open
          await page.waitForURL((u) => u.pathname !== '/');
          await page.waitForSelector('main h1');
        } else {
          await page.waitForSelector('[data-testid=not-found]');
          if (new URL(page.url()).pathname !== url) problems.push(`${name}: ${url} moved to ${page.url()}`);
        }
      }
      await page.context().close();
    }
    assert.deepEqual(problems, []);
  });

  it('a call refused for a permission taken away while the screen is open: the message shows, the session and the page stay', async () => {
    const admin = await t.adminToken();
    const i = routes.findIndex((r) => r.key === 'sampleList');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base, `walker${i}`, 'secret1', 'en');
    await page.goto(`${base}${routes[i]!.path}`);
    await page.waitForSelector('main .list-table tbody tr');
    const me = (await t.api(admin).get(`/api/users?q=walker${i}&size=50`).expect(200)).body.data.find((u: { username: string }) => u.username === `walker${i}`);
    await t.api(admin).put(`/api/user-groups/${me.groupId}/permissions`).send({ permissions: [] }).expect(200);
    await page.addInitScript(COUNT_NAVIGATIONS);
    await page.evaluate(COUNT_NAVIGATIONS);
    await page.fill('input[name=q]', 'Walked');
    await page.waitForSelector('.bp6-toast.bp6-intent-danger:has-text("You are not authorized")');
    assert.equal(new URL(page.url()).pathname, routes[i]!.path);
    assert.notEqual(await page.evaluate(() => localStorage.getItem('rfid.session')), null, 'the session is kept');
    assert.ok((await page.evaluate(() => (window as unknown as { __navigations: number }).__navigations)) <= 2, 'the search wrote the URL, nothing else moved');
    await context.close();
  });
});
