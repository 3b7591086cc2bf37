import type { ImportPhase } from '@rfid/contracts';

/** Told how far an import has got. Reporters throttle, so call one as often as is convenient. */
export type ProgressReporter = (phase: ImportPhase, done: number, total: number) => void;

export const silentProgress: ProgressReporter = () => {};
