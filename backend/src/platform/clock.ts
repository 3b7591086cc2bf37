/**
 * The time where the time decides something: when a token and its session expire, until when a
 * sign-in is locked. The server runs on the system clock; a test gives the platform one it can move
 * forward instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
