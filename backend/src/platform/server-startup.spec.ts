import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../testing/wait-for.js';

const main = fileURLToPath(new URL('../main.js', import.meta.url));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'admin-password', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe('the server process with its embedded PostgreSQL', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfid-server-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts, refuses a second instance on the same data directory and a busy port in one line, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitFor('the first server to listen', () => /listening on http:\/\/localhost:\d+/.test(first.output()), 90_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json() as Promise<{ database: string; databaseMode: string }>);
    assert.deepEqual([health.database, health.databaseMode], ['up', 'embedded']);

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    assert.equal(await second.exited, 1);
    const lines = second.output().trim().split('\n');
    assert.equal(lines.length, 1, `one line: ${second.output()}`);
    assert.match(lines[0]!, /Another instance \(pid \d+\) is already using DATA_DIR=.*set DATA_DIR/);

    const busy = start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rfid-busy-')), PORT: String(port) });
    assert.equal(await busy.exited, 1);
    assert.equal(busy.output().trim(), `Port ${port} is in use: set PORT to a free port.`);

    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    assert.equal(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), false, 'the embedded PostgreSQL stopped');
    assert.equal(fs.existsSync(path.join(dataDir, 'owner.pid')), false, 'the data directory is released');

    // and it starts again on the same data: the admin created the first time can still sign in
    const again = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitFor('the restarted server to listen', () => /listening on/.test(again.output()), 90_000);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-password' }),
    });
    assert.equal(login.status, 200);
    again.child.kill('SIGINT');
    assert.equal(await again.exited, 0);
  });
});
