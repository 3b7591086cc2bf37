import type { AntennaSetting, DeviceMode, ReaderCommandRequest, ReaderFormat } from '@rfid/contracts';
import type { OutgoingCommand, ReaderMessage } from './reader-message.js';

/*
 * Commands on a reader's command topic, always in Zebra IoT Connector's "RAW MQTT" envelope
 * `{ command, command_id, payload }` (https://zebradevs.github.io/rfid-ziotc-docs/_static/raw_mqtt_payloads/commands/redoc-static.html);
 * the reader echoes command_id in its response.
 *
 * ZEBRA gets Zebra's commands and payloads: start and stop with `{}` (as Zebra's dock-door sample sends
 * them), set_gpo with `{ port, state }` (its SetGpoCommand: port number, state boolean), and set_mode
 * with a whole operating mode, which is also how its transmit power is set (the mode's `transmitPower`,
 * in dBm; there is no power command). The operating mode schema
 * (https://zebradevs.github.io/rfid-ziotc-docs/_static/operating_mode_schema/redoc-static.html) fills
 * what a mode leaves out with defaults (all antennas, 27 dBm, no metadata), so every set_mode carries
 * the device mode and every antenna's power together.
 *
 * SIMPLE gets our own payloads (README.md "Readers: the simple JSON format"). The Impinj IoT Device
 * Interface has no command channel on MQTT (its inventory is started and stopped over REST,
 * POST /api/v1/profiles/inventory/presets/{id}/start and /profiles/stop), so an IMPINJ reader connected
 * to us gets the SIMPLE commands: a bridge on its side turns them into those calls.
 */

export function encodeCommand(format: ReaderFormat, command: OutgoingCommand): Buffer {
  const { name, payload } = format === 'ZEBRA' ? zebraCommand(command) : { name: command.request.command, payload: ourPayload(command.request) };
  return Buffer.from(JSON.stringify({ command: name, command_id: command.commandId, payload }));
}

function zebraCommand({ request, settings }: OutgoingCommand): { name: string; payload: object } {
  switch (request.command) {
    case 'start':
    case 'stop':
      return { name: request.command, payload: {} };
    case 'set_gpo':
      return { name: 'set_gpo', payload: { port: request.port, state: request.state } };
    case 'set_mode':
      return { name: 'set_mode', payload: zebraOperatingMode(request.mode, settings.antennas) };
    case 'set_power':
      return { name: 'set_mode', payload: zebraOperatingMode(settings.deviceMode, withPowers(settings.antennas, request.antennas)) };
  }
}

/**
 * COUNTING (a stocktake) is Zebra's INVENTORY mode: every unique tag reported once a second per antenna
 * with its peak RSSI and read count. READ_TAG (tags read one by one, as at a linking table) is SIMPLE:
 * each unique tag reported as it is read, here with its antenna, RSSI and read count (SIMPLE reports no
 * metadata unless asked). The antennas are those with a power above 0 (0 turns one off), each with its
 * power, in port order; with every antenna off the list is empty, and the reader answers for it.
 */
function zebraOperatingMode(mode: DeviceMode, antennas: AntennaSetting[]): object {
  const on = antennas.filter((a) => a.power > 0).sort((a, b) => a.port - b.port);
  return {
    type: mode === 'COUNTING' ? 'INVENTORY' : 'SIMPLE',
    antennas: on.map((a) => a.port),
    transmitPower: on.map((a) => a.power),
    tagMetaData: ['ANTENNA', 'RSSI', 'SEEN_COUNT'],
  };
}

/** The reader's antennas with the powers a set_power names: the others keep theirs, a port not yet known is added. */
function withPowers(current: AntennaSetting[], changes: AntennaSetting[]): AntennaSetting[] {
  const byPort = new Map(current.map((a) => [a.port, a]));
  for (const change of changes) byPort.set(change.port, change);
  return [...byPort.values()];
}

/** Our payloads: the request's own fields. */
function ourPayload(request: ReaderCommandRequest): object {
  switch (request.command) {
    case 'start':
    case 'stop':
      return {};
    case 'set_mode':
      return { mode: request.mode };
    case 'set_power':
      return { antennas: request.antennas.map(({ port, power }) => ({ port, power })) };
    case 'set_gpo':
      return { port: request.port, state: request.state };
  }
}

/** How a reader answered a command. */
export interface CommandAnswer {
  /** Whether the command took effect. */
  ok: boolean;
  /** The reader's payload, as it answered. */
  payload: unknown;
  /** The reader's own words on a failure. */
  message: string | null;
  /** A failure taken as success: the reader was already where the command would put it. */
  alreadyDone: boolean;
}

/**
 * The answer to a command, when the message is its response (the reader echoes the command's id), or
 * null. Zebra answers failure to a start while an inventory runs and to a stop while none does (its own
 * dock-door sample ignores those failures); such a failure is success when the reader's live state
 * (`readerScanning`: as its heartbeats' radio activity and inventory events last said, or the last
 * command set it) agrees that it is already so.
 */
export function answerToCommand(format: ReaderFormat, command: OutgoingCommand, message: ReaderMessage, readerScanning: boolean): CommandAnswer | null {
  if (message.kind !== 'command-response' || message.commandId !== command.commandId) return null;
  const { ok, payload } = message;
  const what = command.request.command;
  const alreadyDone = !ok && format === 'ZEBRA' && ((what === 'start' && readerScanning) || (what === 'stop' && !readerScanning));
  return { ok: ok || alreadyDone, payload, message: message.message, alreadyDone };
}
