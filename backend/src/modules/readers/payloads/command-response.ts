import type { ReaderFormat } from '@rfid/contracts';
import { clip, isJsonObject, textField, type JsonObject } from './json-fields.js';
import type { ParseSink } from './parse-sink.js';

/*
 * The answer to a command, in Zebra IoT Connector's "RAW MQTT" response envelope
 * (https://zebradevs.github.io/rfid-ziotc-docs/_static/raw_mqtt_payloads/responses/redoc-static.html):
 * `{ command, command_id, response: "success" | "failure", payload }`, command_id echoing the command's.
 * Our SIMPLE readers answer in the same envelope (and may add `message`), so a response is recognised as
 * ZEBRA's envelope whoever sent it.
 */

const REASON_TEXT_MAX = 500;

/** Reads a command response into the sink; null when the value is not one. */
export function readCommandResponse(value: JsonObject, sink: ParseSink): ReaderFormat | null {
  if (!('command_id' in value) || !('response' in value)) return null;
  const id = value.command_id;
  const commandId = typeof id === 'string' && id.length > 0 ? id : typeof id === 'number' ? String(id) : null;
  if (commandId === null) {
    sink.reject('command response without a command_id', value);
  } else if (value.response !== 'success' && value.response !== 'failure') {
    sink.reject('command response is neither "success" nor "failure"', value);
  } else {
    const ok = value.response === 'success';
    sink.message({
      kind: 'command-response',
      commandId,
      command: textField(value.command),
      ok,
      payload: value.payload ?? null,
      message: ok ? null : failureText(value),
    });
  }
  return 'ZEBRA';
}

/** The reader's words on a failure: Zebra's failure payload is not published, so its likely places are read. */
function failureText(value: JsonObject): string | null {
  const payload = value.payload;
  const text =
    textField(value.message) ??
    (typeof payload === 'string' ? payload : null) ??
    (isJsonObject(payload) ? (textField(payload.message) ?? textField(payload.error) ?? textField(payload.description)) : null);
  return text === null ? null : clip(text, REASON_TEXT_MAX);
}

/** A command to a reader (ours, or another client's) seen on a topic read for messages from readers. */
export function isCommandToReader(value: JsonObject): boolean {
  return typeof value.command === 'string' && 'command_id' in value && !('response' in value);
}
