#!/usr/bin/env node
// npm run simulate -- --help
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { SIMULATED_FORMATS, type SimulatedFormat } from './formats.js';
import { generateLoad, type LoadStep } from './load.js';
import { demoEpcs, gatePass, handheldSweep } from './scenarios.js';
import { registerReaders, type ReaderToRegister } from './register.js';
import { sgtin96Epc } from './sgtin.js';
import { SimulatedReader, type ReaderTopics } from './simulated-reader.js';

const HELP = `Simulated RFID readers over MQTT.

  npm run simulate -- --reader CODE:PASSWORD[:FORMAT] [--reader ...] [options] [SCENARIO]

A reader signs in with the code and password shown once when it is created on the gate configuration
page (/security-gate/configuration). FORMAT is simple (default), zebra or impinj.

Scenarios:
  run        (default) stay connected: heartbeats, commands answered; while the back-office has a reader
             scanning (its start command), the reader reads the tags every half second
  gate       the tags carried through the two-antenna gate every --every seconds (--direction out|in)
  sweep      a handheld sweep of the tags for --seconds
  misbehave  binary garbage, truncated JSON, a bad EPC and an unknown shape on the events topic, then leave
  drop       stay --seconds, then lose the connection without a goodbye (the broker publishes the will)
  load       the benchmark's load: --steps RATExSECONDS,... (RATE "max": as fast as it goes), --batch reads a
             message at --qos 0 (default, as gate readers stream) or 1 (each read acknowledged); JSON lines
             on stdout; starts on a line "go" on stdin when --wait-go

Options:
  --url URL             the broker: mqtt://host:port or ws://host:port/mqtt (env SIM_MQTT_URL; default
                        mqtt://127.0.0.1:1883); the server prints the address readers must use when it starts
  --tags N              how many tags (default 20): the same EPCs every run for the same --series (0-255)
  --epc EPC,EPC         these EPCs instead
  --gtin GTIN,GTIN      product tags instead: --tags SGTIN-96 EPCs (serials 1 to N) of each GTIN-14, which the
                        back-office counts as units of the product with that GTIN (7-digit company prefix)
  --heartbeat SECONDS   between heartbeats (default 10; 0: none)
  --silent              never answer commands (a reader that hangs)
  --topic-root ROOT     the reader's topics are ROOT/events, ROOT/mgmt, ROOT/commands, ROOT/responses
                        (default rfid/readers/CODE); {code} in ROOT is each reader's code
  --readers-file FILE   readers as JSON [{ "code", "password", "format" }] besides --reader
  --register KIND:CODE[:FORMAT]  register the reader (GATE or HANDHELD) through the API first, or give a
                        registered one a new password, and sign in with it: --api URL (env SIM_API_URL),
                        --admin USER (default admin) and --admin-password (env SIM_ADMIN_PASSWORD)
  --every, --seconds, --direction, --steps, --batch, --qos: see the scenarios
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reader: { type: 'string', multiple: true, default: [] },
    'readers-file': { type: 'string' },
    register: { type: 'string', multiple: true, default: [] },
    api: { type: 'string', default: process.env.SIM_API_URL ?? 'http://127.0.0.1:3000' },
    admin: { type: 'string', default: 'admin' },
    'admin-password': { type: 'string', default: process.env.SIM_ADMIN_PASSWORD ?? '' },
    url: { type: 'string', default: process.env.SIM_MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
    tags: { type: 'string', default: '20' },
    series: { type: 'string', default: '0' },
    epc: { type: 'string' },
    gtin: { type: 'string' },
    heartbeat: { type: 'string', default: '10' },
    silent: { type: 'boolean', default: false },
    'topic-root': { type: 'string' },
    every: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '10' },
    direction: { type: 'string', default: 'out' },
    steps: { type: 'string', default: '2000x6,5000x6,10000x6,20000x6,maxx6' },
    batch: { type: 'string', default: '10' },
    qos: { type: 'string', default: '0' },
    'wait-go': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function fail(message: string): never {
  console.error(`simulate: ${message}\n(npm run simulate -- --help)`);
  process.exit(2);
}

const scenario = positionals[0] ?? 'run';
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
if (!['run', 'gate', 'sweep', 'misbehave', 'drop', 'load'].includes(scenario)) fail(`unknown scenario ${scenario}`);

const number = (name: string, value: string, min = 0) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number from ${min}`);
  return n;
};

interface ReaderLogin {
  code: string;
  password: string;
  format: SimulatedFormat;
}

function formatOf(text: string | undefined): SimulatedFormat {
  const format = (text ?? 'simple').toUpperCase();
  if (!(SIMULATED_FORMATS as readonly string[]).includes(format)) fail(`format ${text} is none of simple, zebra, impinj`);
  return format as SimulatedFormat;
}

const logins: ReaderLogin[] = values.reader.map((spec) => {
  // a password may hold ':' itself; the format, when given, is the last part
  const parts = spec.split(':');
  const last = parts.at(-1)!.toUpperCase();
  const hasFormat = parts.length > 2 && (SIMULATED_FORMATS as readonly string[]).includes(last);
  const code = parts[0]!;
  const password = parts.slice(1, hasFormat ? -1 : undefined).join(':');
  if (!code || !password) fail(`--reader ${spec}: expected CODE:PASSWORD[:FORMAT]`);
  return { code, password, format: formatOf(hasFormat ? last : undefined) };
});
if (values['readers-file']) {
  const listed = JSON.parse(fs.readFileSync(values['readers-file'], 'utf8')) as { code: string; password: string; format?: string }[];
  logins.push(...listed.map((r) => ({ code: r.code, password: r.password, format: formatOf(r.format) })));
}
if (values.register.length) {
  const wanted = values.register.map((spec): ReaderToRegister => {
    const [kind, code, format] = spec.split(':');
    if ((kind !== 'GATE' && kind !== 'HANDHELD') || !code) fail(`--register ${spec}: expected GATE:CODE or HANDHELD:CODE[:FORMAT]`);
    return { kind, code: code.toUpperCase(), format: formatOf(format) };
  });
  try {
    logins.push(...(await registerReaders(values.api, values.admin, values['admin-password'], wanted)));
  } catch (err) {
    fail(`the readers could not be registered at ${values.api}: ${(err as Error).message}`);
  }
}
if (!logins.length) fail('no reader: give --reader CODE:PASSWORD or --register KIND:CODE');

function tagsToRead(): string[] {
  const count = number('tags', values.tags, 1);
  if (values.epc) return values.epc.split(',').map((e) => e.trim()).filter(Boolean);
  if (values.gtin) {
    try {
      return values.gtin.split(',').flatMap((gtin) => Array.from({ length: count }, (_, i) => sgtin96Epc(gtin.trim(), i + 1)));
    } catch (err) {
      fail((err as Error).message);
    }
  }
  return demoEpcs(count, number('series', values.series));
}
const epcs = tagsToRead();
const quiet = scenario === 'load';
// the load's stdout is its reports; what the readers do is not told then
const log = (line: string) => (quiet ? undefined : console.log(`${new Date().toISOString().slice(11, 23)} ${line}`));
const topicsOf = (code: string): ReaderTopics | undefined => {
  const root = values['topic-root']?.replaceAll('{code}', code);
  return root ? { events: `${root}/events`, mgmt: `${root}/mgmt`, commands: `${root}/commands`, responses: `${root}/responses` } : undefined;
};

const readers: SimulatedReader[] = [];
const scanners = new Map<SimulatedReader, NodeJS.Timeout>();
for (const login of logins) {
  try {
    const reader: SimulatedReader = await SimulatedReader.connect({
      url: values.url,
      ...login,
      topics: topicsOf(login.code),
      heartbeatSeconds: number('heartbeat', values.heartbeat),
      silent: values.silent,
      log,
      onScanning: (scanning) => {
        // scanning as the back-office asked: the tags in front of it, every half second
        clearInterval(scanners.get(reader));
        if (scanning) scanners.set(reader, setInterval(() => void reader.read(epcs.map((epc) => ({ epc, antenna: 1, rssi: -55, count: 2 }))).catch(() => {}), 500));
      },
    });
    readers.push(reader);
  } catch (err) {
    fail(`${login.code} could not connect to ${values.url}: ${(err as Error).message}`);
  }
}

let leaving = false;
async function leaveAll(code = 0): Promise<never> {
  leaving = true;
  for (const timer of scanners.values()) clearInterval(timer);
  await Promise.all(readers.filter((r) => r.connected).map((r) => r.leave('goodbye').catch(() => {})));
  process.exit(code);
}
process.once('SIGINT', () => void leaveAll());
process.once('SIGTERM', () => void leaveAll());

switch (scenario) {
  case 'run':
    log(`${readers.length} reader(s) connected; Ctrl-C to leave`);
    break;
  case 'gate': {
    const every = number('every', values.every, 0.5) * 1000;
    const direction = values.direction === 'in' ? 'in' : 'out';
    while (!leaving) {
      for (const reader of readers) {
        const reads = await gatePass(reader, epcs, direction);
        log(`[${reader.code}] ${epcs.length} tags through the gate (${direction}): ${reads} reads`);
      }
      await new Promise((resolve) => setTimeout(resolve, every));
    }
    break;
  }
  case 'sweep':
    await Promise.all(
      readers.map(async (reader) => {
        const reads = await handheldSweep(reader, epcs, number('seconds', values.seconds, 1));
        log(`[${reader.code}] swept ${epcs.length} tags: ${reads} reads`);
      }),
    );
    await leaveAll();
    break;
  case 'misbehave':
    for (const reader of readers) await reader.misbehave();
    await leaveAll();
    break;
  case 'drop':
    await new Promise((resolve) => setTimeout(resolve, number('seconds', values.seconds) * 1000));
    for (const reader of readers) await reader.leave('drop');
    process.exit(0);
    break;
  case 'load': {
    const steps: LoadStep[] = values.steps.split(',').map((s) => {
      const at = s.lastIndexOf('x');
      const [rate, seconds] = [s.slice(0, at), s.slice(at + 1)];
      return { rate: rate === 'max' ? Infinity : number('steps', rate ?? '', 1), seconds: number('steps', seconds ?? '', 1) };
    });
    console.log(JSON.stringify({ ready: true, readers: readers.length }));
    if (values['wait-go']) {
      const lines = readline.createInterface({ input: process.stdin });
      for await (const line of lines) if (line.trim() === 'go') break;
    }
    const qos = number('qos', values.qos);
    if (qos !== 0 && qos !== 1) fail('--qos is 0 or 1');
    await generateLoad(readers, steps, number('batch', values.batch, 1), (report) => console.log(JSON.stringify({ ...report, rate: Number.isFinite(report.rate) ? report.rate : 'max' })), qos);
    console.log(JSON.stringify({ done: true }));
    await leaveAll();
    break;
  }
}
