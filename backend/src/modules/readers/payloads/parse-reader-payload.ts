import { isCommandToReader, readCommandResponse } from './command-response.js';
import { readImpinj } from './impinj.js';
import { clip, isJsonObject } from './json-fields.js';
import { ParseSink } from './parse-sink.js';
import type { ParseOutcome, RejectedPart } from './reader-message.js';
import { readSimple } from './simple.js';
import { readZebra } from './zebra.js';

/*
 * What a reader's MQTT payload means. The format is recognised message by message from its shape, never
 * configured: Zebra IoT Connector, Impinj IoT Device Interface, or our simple JSON. A payload is one JSON
 * value, a JSON array of them (Zebra's batches, Impinj's webhook), or several values back to back or one
 * per line (Impinj's stream; Zebra's own samples parse concatenated objects). Nothing here throws: what is
 * not understood comes back as { format: null, messages: [], rejected: [{ reason, raw }] }.
 */

/**
 * The largest payload read: above Zebra's largest batch (maxPayloadSizePerReport, at most 256,000
 * bytes) with room to spare. A larger one is refused unread.
 */
export const PAYLOAD_MAX_BYTES = 512 * 1024;
/** How much of a payload not understood is kept as its `raw`: the first characters of its text, or the first bytes (as hex) of binary data. */
const RAW_TEXT_MAX_CHARS = 2048;
const RAW_BINARY_MAX_BYTES = 1024;
const REASON_DETAIL_MAX = 200;
const KEYS_NAMED_MAX = 8;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseReaderPayload(payload: Buffer): ParseOutcome {
  try {
    return parse(payload);
  } catch (error) {
    // A guard only: every reader above reads untrusted JSON without throwing.
    return notUnderstood(`could not be read: ${clip(String(error), REASON_DETAIL_MAX)}`, rawOfBytes(payload));
  }
}

function parse(payload: Buffer): ParseOutcome {
  if (payload.length > PAYLOAD_MAX_BYTES) {
    return notUnderstood(`payload is ${payload.length} bytes: more than the ${PAYLOAD_MAX_BYTES} a reader's message may have`, rawOfBytes(payload));
  }
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return notUnderstood('not text: binary data, or text that is not UTF-8', hexExcerpt(payload));
  }
  if (text.trim().length === 0) return notUnderstood('empty payload', text);

  const { values, broken } = jsonValues(text);
  if (values.length === 0) return notUnderstood(broken[0]?.reason ?? 'an empty JSON array: no message', textExcerpt(text));
  const sink = new ParseSink();
  for (const part of broken) sink.reject(part.reason, part.raw);
  for (const value of values) readValue(value, sink);
  const outcome = sink.outcome();
  if (outcome.format !== null) return outcome;
  const [first] = outcome.rejected;
  const reason = outcome.rejected.length === 1 ? first!.reason : `none of its ${outcome.rejected.length} parts is a reader message; the first: ${first!.reason}`;
  return notUnderstood(reason, textExcerpt(text));
}

/** One JSON value of the payload, read by whichever format's shape it has. */
function readValue(value: unknown, sink: ParseSink): void {
  if (!isJsonObject(value)) {
    sink.reject(`a JSON ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value} is not a reader message`, value);
    return;
  }
  // Cheapest tell first: Zebra's `data`, Impinj's `...Event`, the response's `command_id`, our keys.
  const format = readZebra(value, sink) ?? readImpinj(value, sink) ?? readCommandResponse(value, sink) ?? readSimple(value, sink);
  if (format !== null) sink.recognised(format);
  else if (isCommandToReader(value)) sink.reject('a command to a reader, not a message from one', value);
  else sink.reject(`JSON of no known reader format (keys: ${keysOf(value)})`, value);
}

/** The payload's JSON values: one JSON.parse of the whole text, and only when that fails a split into top-level values. */
function jsonValues(text: string): { values: unknown[]; broken: RejectedPart[] } {
  let wholeError: unknown;
  try {
    const value: unknown = JSON.parse(text);
    return { values: Array.isArray(value) ? value : [value], broken: [] };
  } catch (error) {
    wholeError = error;
  }
  const values: unknown[] = [];
  const broken: RejectedPart[] = [];
  const segments = topLevelSegments(text);
  if (segments.length > 1) {
    for (const segment of segments) {
      try {
        const value: unknown = JSON.parse(segment);
        if (!Array.isArray(value)) values.push(value);
        else for (const item of value as unknown[]) values.push(item);
      } catch (error) {
        broken.push({ reason: notJson(error), raw: textExcerpt(segment) });
      }
    }
  }
  // Text of which no part is JSON is one thing not understood, with the reason the whole text gave.
  if (values.length === 0) return { values, broken: [{ reason: notJson(wholeError), raw: textExcerpt(text) }] };
  return { values, broken };
}

/**
 * Splits text into its top-level JSON values (objects and arrays back to back or on lines of their own,
 * blank lines skipped). One pass counting brackets outside strings. A value left open runs to the end
 * (a truncated one), or to the next line that starts with '{' (a broken line of a stream); any other text
 * between values becomes a part of its own, refused when parsed. Only text that is not JSON as a whole
 * gets here.
 */
function topLevelSegments(text: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a /* \n */ && start >= 0 && text.charCodeAt(i + 1) === 0x7b /* { */ && (inString || depth > 0)) {
      // A value still open at a line that starts an object is a broken line of a stream: it ends here.
      segments.push(text.slice(start, i));
      start = -1;
      depth = 0;
      inString = false;
      escaped = false;
    } else if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c /* \ */) escaped = true;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
      if (start < 0) start = i;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (start < 0) start = i;
      depth++;
    } else if ((c === 0x7d /* } */ || c === 0x5d) /* ] */ && depth > 0) {
      depth--;
      if (depth === 0) {
        segments.push(text.slice(start, i + 1));
        start = -1;
      }
    } else if (depth === 0 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) {
      if (start >= 0) segments.push(text.slice(start, i));
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) segments.push(text.slice(start));
  return segments;
}

function notUnderstood(reason: string, raw: string): ParseOutcome {
  return { format: null, messages: [], rejected: [{ reason, raw }] };
}

function notJson(error: unknown): string {
  return `not JSON: ${clip(error instanceof Error ? error.message : String(error), REASON_DETAIL_MAX)}`;
}

function keysOf(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  if (keys.length === 0) return 'none';
  return keys.length <= KEYS_NAMED_MAX ? keys.join(', ') : `${keys.slice(0, KEYS_NAMED_MAX).join(', ')} …`;
}

function textExcerpt(text: string): string {
  return clip(text, RAW_TEXT_MAX_CHARS);
}

function hexExcerpt(bytes: Buffer): string {
  const hex = bytes.subarray(0, RAW_BINARY_MAX_BYTES).toString('hex');
  return bytes.length > RAW_BINARY_MAX_BYTES ? `${hex}…` : hex;
}

/** The start of a payload that is not decoded whole: its text when those bytes are UTF-8, else their hex. */
function rawOfBytes(bytes: Buffer): string {
  try {
    // stream: a character cut at the end of the slice is held back, not taken for a decoding error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, RAW_TEXT_MAX_CHARS), { stream: true });
    return bytes.length > RAW_TEXT_MAX_CHARS ? `${text}…` : text;
  } catch {
    return hexExcerpt(bytes);
  }
}
