import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { REALTIME_EVENTS, type DeviceStatusPush, type ReaderCreated } from '@rfid/contracts';
import { createTestApp, type TestApp } from '@rfid/backend/testing/test-app';
import { waitFor } from '@rfid/backend/testing/wait-for';
import { connectReader } from './reader-fixtures.js';
import { connected, socketClients } from './socket-fixtures.js';

/**
 * The HTTP port carries two WebSocket endpoints: the browser's pushes (socket.io at /ws) and MQTT for
 * readers (/mqtt). Each must take only its own upgrades: a reader connecting over MQTT is pushed to a
 * browser connected over a WebSocket, both on that one port.
 */
describe('socket.io and MQTT over WebSocket on one HTTP port', () => {
  let t: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  before(async () => {
    t = await createTestApp({ mqttWebSocket: true });
    clients = await socketClients(t);
  });
  after(async () => {
    clients.close();
    await t.close();
  });

  it("a browser's push channel opens as a WebSocket, and hears a reader that connects over MQTT on the same port", async () => {
    const admin = await t.adminToken();
    const socket = clients.connect({ token: admin });
    await connected(socket);
    assert.equal(socket.io.engine.transport.name, 'websocket');
    const created = (
      await t.api(admin).post('/api/readers').send({ code: 'WS-1', name: 'Over WebSocket', kind: 'HANDHELD', format: 'SIMPLE', antennas: [{ port: 1, power: 20 }] }).expect(201)
    ).body as ReaderCreated;
    // the pushes of the reader's state: the one that matters says CONNECTED (a new reader's first
    // state, DISCONNECTED, may be pushed before it at the next second's tick)
    const statuses: DeviceStatusPush[] = [];
    socket.on(REALTIME_EVENTS.DEVICE_STATUS, (p: DeviceStatusPush) => statuses.push(p));
    const reader = await connectReader(`ws://127.0.0.1:${(t.http.address() as AddressInfo).port}/mqtt`, created.credentials.username, created.credentials.password);
    try {
      const status = await waitFor('the push of the reader connected', () => statuses.find((p) => p.readerId === created.reader.id && p.live.connection === 'CONNECTED'));
      assert.equal(status.code, 'WS-1');
    } finally {
      reader.end(true);
    }
  });
});
