/**
 * The time where the time decides something: when a token and its session expire, until when a
 * sign-in is locked, when an event is recorded (the day a dashboard counts it on). The server runs on
 * the system clock; a test gives the platform one it can move forward instead of waiting, a benchmark's
 * seeding one that walks through a past month.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
