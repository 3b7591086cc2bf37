import type { StreamModel } from '../../../platform/commands/stream-commands.js';

/** A tag a quick count counted: what it is, as known when counted. */
export interface CountingTag {
  epc: string;
  kind: 'SAMPLE' | 'PRODUCT' | 'UNKNOWN';
  itemId: string | null;
}

/**
 * A quick count (`counting-{id}`): a handheld in COUNTING mode, not counting for a stocktake, from its
 * first read until it stops scanning or falls silent; each tag counted once.
 */
export type CountingEvent =
  | { type: 'CountingStarted'; data: { countingId: string; readerId: string; userId: string | null; zoneId: string | null } }
  | { type: 'CountingTagsCounted'; data: { countingId: string; tags: CountingTag[] } }
  | { type: 'CountingStopped'; data: { countingId: string } };

export const countingModel: StreamModel<{ started: boolean; stopped: boolean }, CountingEvent> = {
  streamType: 'counting',
  streamId: (countingId) => `counting-${countingId}`,
  initial: { started: false, stopped: false },
  evolve: (state, event) => ({ started: true, stopped: state.stopped || event.type === 'CountingStopped' }),
};

/** Tags are counted once per count; a stopped count counts nothing more. */
export function decideCount(state: { started: boolean; stopped: boolean }, countingId: string, tags: CountingTag[]): CountingEvent[] {
  if (!state.started || state.stopped || !tags.length) return [];
  return [{ type: 'CountingTagsCounted', data: { countingId, tags } }];
}

export function decideStop(state: { started: boolean; stopped: boolean }, countingId: string): CountingEvent[] {
  return state.started && !state.stopped ? [{ type: 'CountingStopped', data: { countingId } }] : [];
}
