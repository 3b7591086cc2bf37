import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface HashedContent {
  streamId: string;
  streamType: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
}

/**
 * The tamper-evidence chain: each event's hash covers its content and the hash of the event before it
 * in its stream, so changing, removing or reordering any stored event breaks every hash after it.
 */
export function eventHash(prevHash: string | null, e: HashedContent): string {
  return createHash('sha256')
    .update(prevHash ?? '')
    .update('\n')
    .update(
      canonicalJson({
        streamId: e.streamId,
        streamType: e.streamType,
        streamVersion: e.streamVersion,
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        recordedAt: e.recordedAt.toISOString(),
      }),
    )
    .digest('hex');
}
