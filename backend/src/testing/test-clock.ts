import type { Clock } from '../platform/clock.js';

/** The system time plus what the test has moved it forward by: time passes without waiting for it. */
export class TestClock implements Clock {
  private aheadMs = 0;

  now(): Date {
    return new Date(Date.now() + this.aheadMs);
  }

  advance(seconds: number): void {
    this.aheadMs += seconds * 1000;
  }
}
