import type { ActionSource, Actor } from '../context/action-context.js';

export type ExpectedVersion = 'any' | 'no_stream' | 'exists' | number;

export interface EventMetadata {
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  source: ActionSource;
  clientIp: string | null;
}

/** An event about to be appended: a past-tense fact and its payload. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface StoredEvent<D = any> {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamType: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
  prevHash: string | null;
  hash: string;
}

/** Position in `$all`: readers move by (transaction id, global position), never by position alone. */
export interface Cursor {
  transactionId: string;
  globalPosition: number;
}

export const START: Cursor = Object.freeze({ transactionId: '0', globalPosition: 0 });

export function cursorOf(e: Pick<StoredEvent, 'transactionId' | 'globalPosition'>): Cursor {
  return { transactionId: e.transactionId, globalPosition: e.globalPosition };
}

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  events: StoredEvent[];
}
