/*
 * The stocktakes module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { AbnormalReason, StocktakeFieldValues, StocktakeLineKind } from '@rfid/contracts';

/** An expected line, taken when the stocktake is created: a sample in one of its zones, or a product's stock in one. */
export interface ExpectedLine {
  /** `sample:{id}` or `product:{id}:{zoneId}`. */
  key: string;
  kind: Exclude<StocktakeLineKind, 'TAG'>;
  itemId: string;
  zoneId: string;
  expected: number;
  /** A sample's tag when the list was taken: what to look for when it is missing. */
  epc?: string | null;
  /** What the line shows, as it was when taken (a rebuild gives the same rows). */
  code?: string;
  name?: string | null;
}

/** A counted tag and what it was, decided when it was counted (so a replay gives the same lines). */
export interface CountedTag {
  epc: string;
  /** The expected line it counts for (FOUND); null when abnormal. */
  key: string | null;
  kind: StocktakeLineKind;
  itemId: string | null;
  /** Units it stands for: 1, or a box tag's quantity per box. */
  units: number;
  /** The zone it was counted in (the reader's, when one of the ticket's; else the ticket's first). */
  zoneId: string;
  reason: AbnormalReason | null;
  /** ZONE_MISMATCH: the zone the item belongs to. */
  otherZoneId: string | null;
  /** What an abnormal line shows: the item's code and name as they were when counted; a tag alone is its EPC. */
  code?: string;
  name?: string | null;
}

/** What closing corrected, each chosen on the close dialog. */
export interface StocktakeCorrections {
  /** Samples found here that belonged to another zone, now in this one. */
  moved: { sampleId: string; fromZoneId: string | null; toZoneId: string }[];
  /** Expected samples not found, now marked missing. */
  missing: string[];
  /** Each product's stock per zone set to what was counted: the difference added. */
  stock: { productId: string; zoneId: string; delta: number }[];
}

/** A stocktake's fields (contracts' STOCKTAKE_FIELDS): its name, note, zones, handhelds and users. */
export type StocktakeFields = StocktakeFieldValues;
/** What may change after creation: all but the zones (the expected list was taken from them). */
export type StocktakeChanges = Omit<StocktakeFields, 'zoneIds'>;

/**
 * The events of a stocktake's stream (`stocktake-{id}`). Other modules follow StocktakeClosed: the
 * samples projection (zones moved, missing marked), the tickets projection (the samples' whereabouts,
 * the stock adjusted).
 */
export type StocktakeEvent =
  | {
      type: 'StocktakeCreated';
      data: { stocktakeId: string; code: string } & StocktakeFields;
    }
  /** The expected list, in chunks (a zone may hold 100,000 items). */
  | { type: 'StocktakeExpectedTaken'; data: { stocktakeId: string; lines: ExpectedLine[] } }
  | { type: 'StocktakeUpdated'; data: { stocktakeId: string } & StocktakeChanges }
  | { type: 'StocktakeStarted'; data: { stocktakeId: string } }
  | { type: 'StocktakeTagsCounted'; data: { stocktakeId: string; readerId: string | null; tags: CountedTag[] } }
  | { type: 'StocktakeLineIgnored'; data: { stocktakeId: string; lineKey: string; note: string } }
  | { type: 'StocktakeReset'; data: { stocktakeId: string } }
  | { type: 'StocktakeClosed'; data: { stocktakeId: string; code: string; corrections: StocktakeCorrections; abnormal: number } };

/** A missing sample seen again by a reader: its mark is cleared. One stream per sighting (`missing-seen-{id}`). */
export type MissingSeenEvent = { type: 'MissingSamplesSeen'; data: { sampleIds: string[]; readerId: string } };

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
