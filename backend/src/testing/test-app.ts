import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import request from 'supertest';
import { createApp } from '../app.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import { Platform } from '../platform/platform.js';
import { ADMIN_PASSWORD, createTestPlatform, MODULES, testLogger, type TestPlatformOptions } from './test-platform.js';

export { ADMIN_PASSWORD };

export interface TestApp {
  app: INestApplication;
  platform: Platform;
  http: Server;
  /** An agent with the given bearer token (or none). */
  api(token?: string): { get: (p: string) => request.Test; post: (p: string) => request.Test; put: (p: string) => request.Test; delete: (p: string) => request.Test };
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  close(): Promise<void>;
}

/** The whole HTTP application on a fresh database, driven through supertest without a port; on `clock` if given (a TestClock). */
export async function createTestApp(overrides: Partial<Config> = {}, clock?: Clock, options?: TestPlatformOptions): Promise<TestApp> {
  const tp = await createTestPlatform(overrides, undefined, clock, options);
  return testAppOn(tp.platform, () => tp.close());
}

/**
 * Another instance of the server on `t`'s database, as a second server behind a load balancer: its
 * own platform (connections, LISTEN, caches, processors waiting for their lease) and HTTP application.
 * Closing it leaves the database to `t`. `overrides` change its configuration (`mqttPort: 0`: no broker
 * of its own, where `t` has one on a fixed port).
 */
export async function createSecondInstance(t: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  // a server of its own on an external broker too: its own client id
  const platform = await Platform.create({ ...t.platform.config, mqttClientId: `${t.platform.config.mqttClientId}-2`, ...overrides }, testLogger, MODULES);
  return testAppOn(platform, () => platform.close());
}

async function testAppOn(platform: Platform, closePlatform: () => Promise<void>): Promise<TestApp> {
  const app = await createApp(platform);
  const http = app.getHttpServer() as Server;
  const api = (token?: string) => {
    const wrap = (t: request.Test) => (token ? t.set('authorization', `Bearer ${token}`) : t);
    const agent = request(http);
    return {
      get: (p: string) => wrap(agent.get(p)),
      post: (p: string) => wrap(agent.post(p)),
      put: (p: string) => wrap(agent.put(p)),
      delete: (p: string) => wrap(agent.delete(p)),
    };
  };
  const login = async (username: string, password: string) => {
    const res = await api().post('/api/auth/login').send({ username, password });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.accessToken as string;
  };
  let admin: string | undefined;
  return {
    app,
    platform,
    http,
    api,
    login,
    adminToken: async () => (admin ??= await login('admin', ADMIN_PASSWORD)),
    close: async () => {
      await app.close();
      await closePlatform();
    },
  };
}
