import { after, before } from 'node:test';
import type { Clock } from '@rfid/backend/platform/clock';
import type { Config } from '@rfid/backend/platform/config';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import type { TestPlatformOptions } from '@rfid/backend/testing/test-platform';
import { freePort } from './reader-fixtures.js';
import { createCatalogues, type Catalogues } from './sample-fixtures.js';
import { socketClients, type SocketClients } from './socket-fixtures.js';
import type { SimulatedReader } from '@rfid/simulators';

/** What the tests of a describe block share: the application and the administrator's token; where asked, the broker's URL and the catalogues. */
export interface SuiteApp {
  t: TestApp;
  admin: string;
  /** The embedded broker's URL (`broker: true`). */
  url: string;
  /** Active and inactive items of every catalogue (`catalogues: true`). */
  c: Catalogues;
  /** Push clients of the application, closed at the end (`sockets: true`). */
  sockets: SocketClients;
}

export interface SuiteAppOptions {
  /** The embedded broker on a free port of its own. */
  broker?: boolean;
  config?: Partial<Config>;
  clock?: Clock;
  platform?: TestPlatformOptions;
  catalogues?: boolean;
  /** Push clients (socket.io) of the application, listening on a free port. */
  sockets?: boolean;
  /** The block's simulated readers, which leave (saying goodbye) before the application closes. */
  readers?: readonly SimulatedReader[];
  /** What else the block ends before the application closes. */
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
  let app: SuiteApp | undefined;
  before(async () => {
    app = {} as SuiteApp;
    if (options.broker) {
      const port = await freePort();
      app.url = `mqtt://127.0.0.1:${port}`;
      t = await createTestApp({ mqttPort: port, mqttPortExplicit: true, ...options.config }, options.clock, options.platform);
    } else t = await createTestApp(options.config, options.clock, options.platform);
    app.t = t;
    app.admin = await t.adminToken();
    if (options.catalogues) app.c = await createCatalogues(t, app.admin);
    if (options.sockets) app.sockets = await socketClients(t);
    ready(app);
  });
  after(async () => {
    try {
      await Promise.all((options.readers ?? []).map((r) => r.leave('goodbye').catch(() => {})));
      await options.teardown?.();
      app?.sockets?.close();
    } finally {
      await t?.close();
    }
  });
}
