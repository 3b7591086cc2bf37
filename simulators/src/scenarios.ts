import type { SimulatedRead } from './formats.js';
import type { SimulatedReader } from './simulated-reader.js';

/** `count` distinct 96-bit EPCs, the same for the same `series` (0–255) each run, so that a demo's tags can be registered once. */
export function demoEpcs(count: number, series = 0): string[] {
  return Array.from({ length: count }, (_, i) => `E2${series.toString(16).padStart(2, '0')}5A00${(i + 1).toString(16).padStart(16, '0')}`.toUpperCase());
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (n: number) => n + (Math.random() - 0.5) * 4;

/**
 * A set of tags carried through a two-antenna gate: the first antenna (the inside one when leaving)
 * sees them first and strongest, then both, then the second; a report every 100 ms for about 1.5 s,
 * each tag read a few times per report, as a gate reader reports it.
 */
export async function gatePass(reader: SimulatedReader, epcs: readonly string[], direction: 'out' | 'in' = 'out'): Promise<number> {
  const [first, second] = direction === 'out' ? [1, 2] : [2, 1];
  const steps = 15;
  let reads = 0;
  for (let step = 0; step < steps; step++) {
    const batch: SimulatedRead[] = [];
    const progress = step / (steps - 1); // 0: at the first antenna, 1: past the second
    for (const epc of epcs) {
      if (progress < 0.7) batch.push({ epc, antenna: first, rssi: Math.round(jitter(-70 + 25 * Math.sin(Math.PI * Math.min(1, progress / 0.7)))), count: 1 + Math.floor(Math.random() * 3) });
      if (progress > 0.3) batch.push({ epc, antenna: second, rssi: Math.round(jitter(-70 + 25 * Math.sin(Math.PI * (progress - 0.3) / 0.7))), count: 1 + Math.floor(Math.random() * 3) });
    }
    await reader.read(batch);
    reads += batch.length;
    await pause(100);
  }
  return reads;
}

/** A handheld swept over a zone's tags for `seconds`: every 200 ms it reads a random part of them, each several times. */
export async function handheldSweep(reader: SimulatedReader, epcs: readonly string[], seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let reads = 0;
  while (Date.now() < until) {
    const batch = epcs.filter(() => Math.random() < 0.3).map((epc) => ({ epc, antenna: 1, rssi: Math.round(jitter(-60)), count: 1 + Math.floor(Math.random() * 4) }));
    await reader.read(batch);
    reads += batch.length;
    await pause(200);
  }
  return reads;
}
