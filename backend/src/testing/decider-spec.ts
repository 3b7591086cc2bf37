import assert from 'node:assert/strict';
import type { ErrorCode } from '@rfid/contracts';
import type { StreamModel } from '../platform/commands/stream-commands.js';
import { AppError } from '../platform/errors/app-error.js';
import type { NewEvent } from '../platform/event-store/types.js';

/**
 * The test vocabulary of a module's pure decider: *given* these events happened, *when* this command
 * comes, *then* these events (or this refusal). `fold` and `refusal` are there for tests that look at
 * the state or at one refusal directly.
 */
export function deciderSpec<S, E extends NewEvent, C>(model: StreamModel<S, E>, decide: (state: S, command: C) => E[]) {
  const fold = (events: readonly E[]): S => events.reduce(model.evolve, model.initial);
  /** The error code `decide` refuses the command with; undefined when it accepts it. */
  const refusal = (state: S, command: C): ErrorCode | undefined => {
    try {
      decide(state, command);
    } catch (e) {
      if (e instanceof AppError) return e.code;
      throw e;
    }
    return undefined;
  };
  const given = (history: readonly E[] = []) => ({
    when: (command: C) => ({
      then: (expected: readonly E[]) => assert.deepEqual(decide(fold(history), command), expected),
      thenRefused: (code: ErrorCode) => assert.equal(refusal(fold(history), command), code),
    }),
  });
  return { fold, refusal, given };
}
