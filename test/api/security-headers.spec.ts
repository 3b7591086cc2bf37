import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suiteApp, type SuiteApp } from './suite-app.js';

describe('security headers', () => {
  let { t } = {} as SuiteApp;
  suiteApp({}, (app) => ({ t } = app));

  it('the API: no caching of what a signed-in user may see, no sniffing, no framing, no referrer, a strict CSP', async () => {
    const admin = await t.adminToken();
    for (const res of [await t.api().get('/api/health'), await t.api(admin).get('/api/users'), await t.api().get('/api/users')]) {
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(res.headers['content-security-policy'] ?? '', /script-src 'self';/);
      assert.match(res.headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    }
  });

  it('the web app: the same strict CSP, no inline script or style allowed', async () => {
    const page = await t.api().get('/sample-management/sample-list');
    assert.equal(page.status, 200, 'the built app is served');
    const csp = page.headers['content-security-policy'] ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.doesNotMatch(page.text, /<script>|<style>/, 'index.html holds no inline script or style');
  });

  it('the OpenAPI page alone may run its inline start-up script', async () => {
    const docs = await t.api().get('/api/docs/');
    assert.equal(docs.status, 200);
    assert.match(docs.headers['content-security-policy'] ?? '', /script-src 'self' 'unsafe-inline'/);
  });
});
