import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseReaderPayload } from '@rfid/backend/modules/readers/payloads/parse-reader-payload';
import { decodeSgtin96 } from '@rfid/contracts';
import { SIMULATED_FORMATS, sgtin96Epc, withCheckDigit, connectionMessage, encodeAntenna, encodeGpo, encodeHeartbeat, encodeInventory, encodeReads, encodeResponse, malformedPayloads, type DeviceState } from '@rfid/simulators';

/** What the simulators publish is what the back-office reads, in each vendor's format. */
describe("the simulators speak each format as the back-office's parsers read it", () => {
  const parse = (payload: string | Buffer) => parseReaderPayload(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
  const state: DeviceState = { firmware: 'sim-1.0.0', temperature: 40.5, cpu: 8, scanning: true, antennas: [{ port: 1, power: 27 }, { port: 2, power: 0 }], totalReads: 12 };
  const reads = [
    { epc: '3074257BF7194E4000001A85', antenna: 1, rssi: -52, count: 3 },
    { epc: 'E28011606000020A1B2C3D4E', antenna: 2, rssi: -61.5, count: 1 },
  ];

  for (const format of SIMULATED_FORMATS) {
    it(`${format}: reads, inventory, antennas, outputs and heartbeats`, () => {
      const at = new Date('2026-11-24T03:00:00.123Z');
      const parsed = parse(encodeReads(format, reads, at));
      assert.equal(parsed.format, format);
      assert.deepEqual(parsed.rejected, []);
      const got = parsed.messages.flatMap((m) => (m.kind === 'tag-reads' ? m.reads : []));
      assert.deepEqual(got.map((r) => [r.epc, r.antenna, r.rssi, r.deviceTime?.toISOString()]), reads.map((r) => [r.epc, r.antenna, r.rssi, at.toISOString()]));

      const inventory = parse(encodeInventory(format, true)).messages[0]!;
      assert.ok(inventory.kind === 'inventory-status' ? inventory.running : inventory.kind === 'heartbeat' && inventory.scanning === true, JSON.stringify(inventory));
      const antenna = parse(encodeAntenna(format, 2, false)!).messages[0]!;
      if (format === 'ZEBRA') assert.deepEqual([antenna.kind, encodeAntenna(format, 2, true)], ['notice', null]); // Zebra tells a disconnection as an error event
      else assert.deepEqual([antenna.kind, 'port' in antenna && antenna.port, 'connected' in antenna && antenna.connected], ['antenna', 2, false]);

      const gpo = encodeGpo(format, 1, true);
      if (format === 'IMPINJ') assert.equal(gpo, null);
      else {
        const g = parse(gpo!).messages[0]!;
        assert.deepEqual(g.kind === 'gpo' && [g.port, g.state], [1, true]);
      }

      const heartbeat = encodeHeartbeat(format, state);
      if (format === 'IMPINJ') assert.equal(heartbeat, null, 'Impinj has no heartbeat: its keep-alive shows it alive');
      else {
        const h = parse(heartbeat!).messages[0]!;
        assert.equal(h.kind, 'heartbeat');
        assert.deepEqual(h.kind === 'heartbeat' && [h.temperature, h.scanning, h.cpu], [40.5, true, 8]);
      }
    });
  }

  it("product tags: the SGTIN-96 EPC of a GTIN is the GS1 Tag Data Standard's own example, and decodes back", () => {
    assert.equal(withCheckDigit('8061414112345'), '80614141123458');
    assert.equal(sgtin96Epc('80614141123458', 6789, 7, 3), '3074257BF7194E4000001A85');
    assert.deepEqual(decodeSgtin96(sgtin96Epc('00614141812349', 12))?.uri, 'urn:epc:id:sgtin:0614141.081234.12');
    assert.throws(() => sgtin96Epc('123', 1));
  });

  it('the will, the answers to commands, and what goes wrong', () => {
    assert.deepEqual(parse(connectionMessage(false)).messages, [{ kind: 'connection', deviceTime: null, connected: false }]);
    assert.deepEqual(parse(encodeResponse('start', 'c-1', false, {}, 'Radio is already running')).messages[0], {
      kind: 'command-response',
      commandId: 'c-1',
      command: 'start',
      ok: false,
      payload: {},
      message: 'Radio is already running',
    });
    for (const { what, payload } of malformedPayloads()) {
      const parsed = parse(payload);
      assert.ok(parsed.rejected.length > 0 && !parsed.messages.some((m) => m.kind === 'tag-reads' && m.reads.length > 0), `${what} is refused`);
    }
  });
});
