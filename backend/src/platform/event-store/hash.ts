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
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recordedAt: Date;
}

/**
 * The digest of an event's content: the canonical JSON of { data, eventId, metadata, recordedAt,
 * streamId, streamType, type }. Its version is left out (the application may not know it before the
 * append); the chain fixes each event's place, and the verifier checks versions run 1, 2, 3...
 * `canonicalMetadata` lets a batch canonicalise its shared metadata once.
 */
export function contentDigest(e: HashedContent, canonicalMetadata = canonicalJson(e.metadata)): string {
  // Keys in sorted order, so this is exactly canonicalJson() of the whole object.
  const text =
    `{"data":${canonicalJson(e.data)},"eventId":${JSON.stringify(e.eventId)},"metadata":${canonicalMetadata},` +
    `"recordedAt":${JSON.stringify(e.recordedAt.toISOString())},"streamId":${JSON.stringify(e.streamId)},` +
    `"streamType":${JSON.stringify(e.streamType)},"type":${JSON.stringify(e.type)}}`;
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The tamper-evidence chain: each event's hash covers its content digest and the hash of the event
 * before it in its stream, so changing, removing or reordering any stored event breaks the chain.
 * The database computes the same chain in append_events(); the verifier recomputes it here.
 */
export function chainHash(prevHash: string | null, digest: string): string {
  return createHash('sha256').update(`${prevHash ?? ''}\n${digest}`).digest('hex');
}

export function eventHash(prevHash: string | null, e: HashedContent): string {
  return chainHash(prevHash, contentDigest(e));
}
