import type { StreamModel } from '../../../platform/commands/stream-commands.js';
import type { CountingEvent, CountingTag } from '../stocktakes.events.js';

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
