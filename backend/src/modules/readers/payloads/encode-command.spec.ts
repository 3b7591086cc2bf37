import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReaderCommandRequest, ReaderFormat } from '@rfid/contracts';
import { answerToCommand, encodeCommand } from './encode-command.js';
import * as simple from './fixtures/simple.js';
import * as zebra from './fixtures/zebra.js';
import { parseReaderPayload } from './parse-reader-payload.js';
import type { OutgoingCommand, ReaderMessage } from './reader-message.js';

const settings: OutgoingCommand['settings'] = {
  deviceMode: 'READ_TAG',
  antennas: [
    { port: 3, power: 27.5 },
    { port: 1, power: 30 },
    { port: 2, power: 0 },
  ],
};
const command = (request: ReaderCommandRequest, commandId = 'cmd-1'): OutgoingCommand => ({ commandId, request, settings });
const sent = (format: ReaderFormat, request: ReaderCommandRequest) => JSON.parse(encodeCommand(format, command(request)).toString('utf8'));
const messageOf = (payload: string): ReaderMessage => parseReaderPayload(Buffer.from(payload)).messages[0]!;

describe('commands to Zebra readers', () => {
  it('start and stop with an empty payload, as Zebra\'s dock-door sample sends them', () => {
    assert.deepEqual(sent('ZEBRA', { command: 'start' }), { command: 'start', command_id: 'cmd-1', payload: {} });
    assert.deepEqual(sent('ZEBRA', { command: 'stop' }), { command: 'stop', command_id: 'cmd-1', payload: {} });
  });

  it('set_gpo with { port, state }', () => {
    assert.deepEqual(sent('ZEBRA', { command: 'set_gpo', port: 1, state: true }), { command: 'set_gpo', command_id: 'cmd-1', payload: { port: 1, state: true } });
  });

  it('set_mode in the envelope of Zebra\'s published set_mode: COUNTING is INVENTORY with the antennas that are on and their powers', () => {
    const message = sent('ZEBRA', { command: 'set_mode', mode: 'COUNTING' });
    assert.deepEqual(Object.keys(message), Object.keys(JSON.parse(zebra.ZEBRA_SET_MODE_COMMAND)));
    assert.deepEqual(message, {
      command: 'set_mode',
      command_id: 'cmd-1',
      payload: { type: 'INVENTORY', antennas: [1, 3], transmitPower: [30, 27.5], tagMetaData: ['ANTENNA', 'RSSI', 'SEEN_COUNT'] },
    });
    assert.equal(sent('ZEBRA', { command: 'set_mode', mode: 'READ_TAG' }).payload.type, 'SIMPLE');
  });

  it('set_power is a set_mode keeping the device mode: the antennas named change, the others keep their power, 0 turns one off', () => {
    const message = sent('ZEBRA', { command: 'set_power', antennas: [{ port: 1, power: 0 }, { port: 4, power: 20 }, { port: 2, power: 15 }] });
    assert.deepEqual(message, {
      command: 'set_mode',
      command_id: 'cmd-1',
      payload: { type: 'SIMPLE', antennas: [2, 3, 4], transmitPower: [15, 27.5, 20], tagMetaData: ['ANTENNA', 'RSSI', 'SEEN_COUNT'] },
    });
  });
});

describe('commands to SIMPLE and IMPINJ readers', () => {
  it('our own payload keys in the same envelope', () => {
    assert.deepEqual(sent('SIMPLE', { command: 'start' }), { command: 'start', command_id: 'cmd-1', payload: {} });
    assert.deepEqual(sent('SIMPLE', { command: 'stop' }), { command: 'stop', command_id: 'cmd-1', payload: {} });
    assert.deepEqual(sent('SIMPLE', { command: 'set_mode', mode: 'COUNTING' }), { command: 'set_mode', command_id: 'cmd-1', payload: { mode: 'COUNTING' } });
    assert.deepEqual(sent('SIMPLE', { command: 'set_power', antennas: [{ port: 2, power: 0 }] }), {
      command: 'set_power',
      command_id: 'cmd-1',
      payload: { antennas: [{ port: 2, power: 0 }] },
    });
    assert.deepEqual(sent('SIMPLE', { command: 'set_gpo', port: 3, state: false }), { command: 'set_gpo', command_id: 'cmd-1', payload: { port: 3, state: false } });
  });

  it('an IMPINJ reader gets exactly the SIMPLE commands (Impinj has no MQTT command channel)', () => {
    for (const request of [{ command: 'start' }, { command: 'set_mode', mode: 'READ_TAG' }, { command: 'set_power', antennas: [{ port: 1, power: 25 }] }] as ReaderCommandRequest[]) {
      assert.deepEqual(encodeCommand('IMPINJ', command(request)), encodeCommand('SIMPLE', command(request)));
    }
  });

  it('a command seen again on a topic read for reader messages is not taken for one', () => {
    const echoed = parseReaderPayload(encodeCommand('ZEBRA', command({ command: 'start' })));
    assert.equal(echoed.format, null);
    assert.equal(echoed.rejected[0]!.reason, 'a command to a reader, not a message from one');
  });
});

describe('the answer to a command', () => {
  it('is the response that echoes its id; any other message is not', () => {
    const response = messageOf(simple.SIMPLE_SUCCESS);
    assert.deepEqual(answerToCommand('SIMPLE', command({ command: 'set_mode', mode: 'COUNTING' }, 'c-101'), response, false), {
      ok: true,
      payload: { mode: 'COUNTING' },
      message: null,
      alreadyDone: false,
    });
    assert.equal(answerToCommand('SIMPLE', command({ command: 'set_mode', mode: 'COUNTING' }, 'c-999'), response, false), null);
    assert.equal(answerToCommand('ZEBRA', command({ command: 'start' }, '638500000000000001'), messageOf(zebra.ZEBRA_GPI), false), null);
  });

  it('Zebra\'s failure to start a reader that runs is success, already done; to start a stopped one it is a failure with its words', () => {
    const failure = messageOf(zebra.ZEBRA_START_FAILURE);
    const start = command({ command: 'start' }, '638500000000000001');
    assert.deepEqual(answerToCommand('ZEBRA', start, failure, true), { ok: true, payload: { message: 'Radio is already running' }, message: 'Radio is already running', alreadyDone: true });
    assert.deepEqual(answerToCommand('ZEBRA', start, failure, false), { ok: false, payload: { message: 'Radio is already running' }, message: 'Radio is already running', alreadyDone: false });
  });

  it('Zebra\'s failure to stop a stopped reader is success; other formats\' failures stay failures', () => {
    const stopFailure = messageOf('{"command":"stop","command_id":"s-1","response":"failure","payload":{}}');
    assert.equal(answerToCommand('ZEBRA', command({ command: 'stop' }, 's-1'), stopFailure, false)?.alreadyDone, true);
    assert.equal(answerToCommand('ZEBRA', command({ command: 'stop' }, 's-1'), stopFailure, true)?.ok, false);
    const simpleFailure = messageOf(simple.SIMPLE_FAILURE);
    assert.deepEqual(answerToCommand('SIMPLE', command({ command: 'start' }, 'c-102'), simpleFailure, true), {
      ok: false,
      payload: null,
      message: 'radio not connected',
      alreadyDone: false,
    });
  });
});
