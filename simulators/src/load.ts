import { encodeReads, type SimulatedFormat } from './formats.js';
import type { SimulatedReader } from './simulated-reader.js';

/*
 * The benchmark's load: readers publishing tag reads at a given rate for some seconds, step after
 * step, as gate readers do: each reader reads the same tags over and over (its population, which the
 * back-office's deduplication drops after the first read in its window), and now and then a new one.
 * The first read of every PROBE_EVERY-th message of a reader (the last of each PROBE_EVERY) is a probe, a new EPC that carries its
 * step and the wall-clock microsecond it was published at, so that whoever receives it, in any process
 * on this machine, knows the message's step and latency; as a reader's messages are taken in order, a
 * probe received means PROBE_EVERY messages of that reader were taken in.
 */

/** A probe in every this many messages of a reader. */
export const PROBE_EVERY = 10;

export interface LoadStep {
  /** Reads per second over all readers; Infinity: as fast as the connections take them. */
  rate: number;
  seconds: number;
}

export interface StepReport {
  step: number;
  rate: number;
  /** Reads published, and the seconds it took. */
  sent: number;
  seconds: number;
}

/** Wall-clock time in microseconds, comparable across processes on one machine. */
export const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

const MICROS_MODULO = 2 ** 48;

/** 24 hex digits: E2, the step (2), the reader (2), a sequence number (6), the publish time's low 48 bits in microseconds (12). */
export function probeEpc(step: number, reader: number, seq: number, micros: number): string {
  const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0').slice(-digits);
  return `E2${hex(step, 2)}${hex(reader, 2)}${hex(seq, 6)}${hex(micros % MICROS_MODULO, 12)}`;
}

/** The step of a probe EPC and its latency in milliseconds now; null for any other EPC. */
export function probeOf(epc: string, now = nowMicros()): { step: number; latencyMs: number } | null {
  if (epc.length !== 24 || !epc.startsWith('E2')) return null;
  const sent = Number.parseInt(epc.slice(12), 16);
  const elapsed = (((now % MICROS_MODULO) - sent) % MICROS_MODULO + MICROS_MODULO) % MICROS_MODULO;
  return { step: Number.parseInt(epc.slice(2, 4), 16), latencyMs: elapsed / 1000 };
}

/** Tags each reader keeps reading besides its probes. */
const POPULATION = 200;
/** Bytes a connection may have queued but not yet sent before the generator waits for it to drain (TCP back-pressure). */
const QUEUED_MAX = 64 * 1024;

/**
 * Publishes `steps` of load from `readers` round-robin, `batch` reads a message (from the reader's
 * population, and a probe first in every PROBE_EVERY-th), at `qos` (0, as gate readers stream tag data; 1: each acknowledged), paced every 5 ms to the
 * step's rate and never faster than the connections carry; reports each step as it ends.
 */
export async function generateLoad(readers: readonly SimulatedReader[], steps: readonly LoadStep[], batch: number, onStep: (report: StepReport) => void, qos: 0 | 1 = 0): Promise<void> {
  const seq = readers.map(() => 0);
  const population = readers.map((_, r) => Array.from({ length: POPULATION }, (_, i) => `E3${r.toString(16).padStart(4, '0')}${i.toString(16).padStart(18, '0')}`.toUpperCase()));
  for (const [index, step] of steps.entries()) {
    const started = performance.now();
    let sent = 0;
    let next = 0;
    while (performance.now() - started < step.seconds * 1000) {
      const due = Number.isFinite(step.rate) ? Math.floor(((performance.now() - started) / 1000) * step.rate) : sent + batch * readers.length;
      while (sent + batch <= due) {
        const r = next++ % readers.length;
        const reader = readers[r]!;
        const stream = reader.mqtt.stream;
        if (stream.writableLength > QUEUED_MAX) await new Promise((resolve) => stream.once('drain', resolve));
        const n = seq[r]!++;
        const tags = population[r]!;
        const probe = n % PROBE_EVERY === PROBE_EVERY - 1;
        const reads = probe ? [{ epc: probeEpc(index, r, n, nowMicros()), antenna: 1, rssi: -55, count: 1 }] : [];
        for (let i = reads.length; i < batch; i++) reads.push({ epc: tags[(n * (batch - 1) + i) % tags.length]!, antenna: 1 + (i % 2), rssi: -60, count: 2 });
        reader.mqtt.publish(reader.topics.events, encodeReads(reader.options.format as SimulatedFormat, reads), { qos });
        sent += batch;
      }
      await new Promise<void>((resolve) => (Number.isFinite(step.rate) ? setTimeout(resolve, 5) : setImmediate(resolve)));
    }
    onStep({ step: index, rate: step.rate, sent, seconds: (performance.now() - started) / 1000 });
  }
  for (const reader of readers) if (reader.mqtt.stream.writableLength > 0) await new Promise((resolve) => reader.mqtt.stream.once('drain', resolve));
}
