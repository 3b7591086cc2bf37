/*
 * Reading the fields of parsed JSON whose shape is not trusted: a field of the wrong type reads as
 * null (absent), never as a throw, so one odd field of a reader's message does not lose the rest.
 */

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number, or null. */
export function numberField(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A whole number at least `min`, or null. */
export function integerField(value: unknown, min: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : null;
}

/** An antenna, GPI or GPO port: a whole number from 1, also when the reader writes it as text ("1"). */
export function portField(value: unknown): number | null {
  const port = typeof value === 'string' && value.length <= 3 ? Number(value) : value;
  return integerField(port, 1);
}

export function textField(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function booleanField(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** A two-state word ("connected" / "disconnected", "HIGH" / "LOW" ...) in any case, or a boolean; null for anything else. */
export function stateField(value: unknown, on: string, off: string): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = value.toLowerCase();
  return word === on ? true : word === off ? false : null;
}

/** Text cut to `max` characters, so that a reason or a notice stays one readable line. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** A short JSON rendering of a value for a notice's text. */
export function briefJson(value: unknown, max: number): string {
  return clip(JSON.stringify(value) ?? String(value), max);
}
