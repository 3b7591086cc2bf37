import type { AntennaRole, PassDirection } from '@rfid/contracts';

/** One sighting of a tag by a gate: which antenna (and the side it faces, if configured), when. */
export interface Sighting {
  gateId: string;
  epc: string;
  antenna: number | null;
  role: AntennaRole | null;
  atMs: number;
}

/** A pass ready to be decided: the tag, the way it went, the antenna of its first sighting, and when it began. */
export interface TrackedPass {
  gateId: string;
  epc: string;
  direction: PassDirection;
  antenna: number | null;
  atMs: number;
}

interface Open {
  first: Sighting;
  lastMs: number;
  /** Told already: a pass is decided once, however long the tag stays in the field. */
  told: boolean;
}

/**
 * Turns a gate's sightings of tags into passes. A tag seen again after `gapMs` without a sighting
 * begins a new pass. On a gate whose antennas face inside and outside, the side seen first gives the
 * direction, known as soon as the other side sees the tag (inner then outer: OUT); a pass that only
 * one side saw is told when its gap has passed, as UNKNOWN. A gate without two sides (one antenna, or
 * roles not configured) tells every pass at its first sighting, as OUT: it cannot tell the way.
 */
export class PassTracker {
  private readonly open = new Map<string, Open>();

  /** The passes this sighting completes (none, or one). `twoSided`: the gate has an inner and an outer antenna. */
  see(s: Sighting, twoSided: boolean, gapMs: number): TrackedPass | undefined {
    const key = `${s.gateId}\u0000${s.epc}`;
    const known = this.open.get(key);
    if (!known || s.atMs - known.lastMs > gapMs) {
      const fresh: Open = { first: s, lastMs: s.atMs, told: !twoSided || !s.role };
      this.open.set(key, fresh);
      // One side only, or an antenna of no side on a two-sided gate: nothing to wait for.
      if (!twoSided) return pass(s, 'OUT');
      return s.role ? undefined : pass(s, 'UNKNOWN');
    }
    known.lastMs = Math.max(known.lastMs, s.atMs);
    if (known.told || !s.role || s.role === known.first.role) return undefined;
    known.told = true;
    return pass(known.first, known.first.role === 'INNER' ? 'OUT' : 'IN');
  }

  /**
   * A pass another server decided (it owned the gate until `lastMs`): sightings of the tag within the gap
   * after that belong to it, told already, so a takeover records no pass twice.
   */
  resume(p: { gateId: string; epc: string; antenna: number | null; atMs: number }, lastMs: number): void {
    const key = `${p.gateId}\u0000${p.epc}`;
    const known = this.open.get(key);
    if (known && known.lastMs >= lastMs) return;
    this.open.set(key, { first: { ...p, role: null }, lastMs, told: true });
  }

  /** A gate this server no longer decides for: its open passes are another's now. */
  forget(gateId: string): void {
    for (const key of this.open.keys()) if (key.startsWith(`${gateId}\u0000`)) this.open.delete(key);
  }

  /** Passes whose gap has run out without their direction being known: told as UNKNOWN, then forgotten with the others that ended. */
  expire(nowMs: number, gapMs: number): TrackedPass[] {
    const ended: TrackedPass[] = [];
    for (const [key, o] of this.open) {
      if (nowMs - o.lastMs <= gapMs) continue;
      if (!o.told) ended.push(pass(o.first, 'UNKNOWN'));
      this.open.delete(key);
    }
    return ended;
  }

  get size(): number {
    return this.open.size;
  }
}

const pass = (s: Sighting, direction: PassDirection): TrackedPass => ({ gateId: s.gateId, epc: s.epc, direction, antenna: s.antenna, atMs: s.atMs });
