import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { PlatformMqtt } from './mqtt.js';

describe('the embedded broker’s port', () => {
  let taken: net.Server;
  let port: number;
  before(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    port = (taken.address() as net.AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const logger = pino({ level: 'silent' });

  it('set explicitly and busy: the start stops with one line naming MQTT_PORT', async () => {
    const mqtt = new PlatformMqtt({ ...loadConfig({ MQTT_PORT: String(port), HOST: '127.0.0.1', MQTT_WEBSOCKET: 'false' }) }, logger);
    await assert.rejects(mqtt.start(undefined), new RegExp(`^Error: Port ${port} for the MQTT broker is in use: set MQTT_PORT`));
    await mqtt.close();
  });

  it('the default taken (another broker on the machine): a free port instead, said in the broker info', async () => {
    const mqtt = new PlatformMqtt({ ...loadConfig({ HOST: '127.0.0.1', MQTT_WEBSOCKET: 'false' }), mqttPort: port }, logger);
    await mqtt.start(undefined);
    const info = mqtt.info();
    assert.equal(info.mode, 'embedded');
    const used = Number(new URL(info.urls[0]!).port);
    assert.ok(used > 0 && used !== port, `listens on ${info.urls[0]}`);
    await mqtt.close();
  });

  it('MQTT_PORT=0 and no WebSocket: no broker at all', async () => {
    const mqtt = new PlatformMqtt(loadConfig({ MQTT_PORT: '0', MQTT_WEBSOCKET: 'false' }), logger);
    assert.equal(mqtt.enabled, false);
    await mqtt.start(undefined);
    assert.deepEqual(mqtt.info(), { mode: 'disabled', urls: [], maxPayloadBytes: 256 * 1024 });
  });
});
