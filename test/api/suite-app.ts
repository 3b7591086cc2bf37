import { after, before } from 'node:test';
import type { Clock } from '@rfid/backend/platform/clock';
import type { Config } from '@rfid/backend/platform/config';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import type { TestPlatformOptions } from '@rfid/backend/testing/test-platform';
import { freePort } from './reader-fixtures.js';
import { createCatalogues, type Catalogues } from './sample-fixtures.js';

/** What the tests of a describe block share: the application and the administrator's token; where asked, the broker's URL and the catalogues. */
export interface SuiteApp {
  t: TestApp;
  admin: string;
  /** The embedded broker's URL (`broker: true`). */
  url: string;
  /** Active and inactive items of every catalogue (`catalogues: true`). */
  c: Catalogues;
}

export interface SuiteAppOptions {
  /** The embedded broker on a free port of its own. */
  broker?: boolean;
  config?: Partial<Config>;
  clock?: Clock;
  platform?: TestPlatformOptions;
  catalogues?: boolean;
  /** What the block ends before the application closes (its simulated readers, its sockets). */
  teardown?: () => unknown;
}

/**
 * The one way an API test starts its application: before the block's tests (then `ready` gets it, to
 * keep in the block's own variables), closed after them, after the block's `teardown`. A block declares
 * what it keeps with the types of SuiteApp:
 *
 *   let { t, admin, c } = {} as SuiteApp;     // filled before the block's first test
 *   suiteApp({ catalogues: true }, (app) => ({ t, admin, c } = app));
 */
export function suiteApp(options: SuiteAppOptions, ready: (app: SuiteApp) => void): void {
  let t: TestApp | undefined;
  before(async () => {
    const app = {} as SuiteApp;
    if (options.broker) {
      const port = await freePort();
      app.url = `mqtt://127.0.0.1:${port}`;
      t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, ...options.config }, options.clock, options.platform);
    } else t = await createTestApp(options.config, options.clock, options.platform);
    app.t = t;
    app.admin = await t.adminToken();
    if (options.catalogues) app.c = await createCatalogues(t, app.admin);
    ready(app);
  });
  after(async () => {
    try {
      await options.teardown?.();
    } finally {
      await t?.close();
    }
  });
}
