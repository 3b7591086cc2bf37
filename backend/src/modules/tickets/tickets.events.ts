/*
 * The tickets module's events and the shapes they carry: what it records, and what other modules may
 * follow (their projections, processors and pushes). This file imports no code: importing it never
 * ties one module to another.
 */
import type { ApartReason, ApprovalState, TicketAction, TicketDirection, TicketFieldValues, TicketFlow, TicketSource } from '@rfid/contracts';

/** The scanning steps: preparing counts the draft quantities, doing (receiving, exporting) the actual ones. */
export type ScanStep = 'PREPARING' | 'DOING';

/** A ticket's fields (contracts' TICKET_FIELDS), references by id. */
export type TicketFields = TicketFieldValues;

/** A line: a product and its planned quantity, or a sample (planned 1). `key` is `product:{id}` or `sample:{id}`. */
export interface PlannedLine {
  key: string;
  productId: string | null;
  sampleId: string | null;
  planned: number;
}

/** A tag counted for a line, with the units it stands for (a box tag: the product's quantity per box). */
export interface CountedTag {
  epc: string;
  key: string;
  units: number;
}

export interface ApartTag {
  epc: string;
  reason: ApartReason;
  /** The line the tag would count for, when it is a product or sample known but not countable. */
  key: string | null;
  units: number;
}

/** A stock movement of a closed SUPPLIER ticket: + into the warehouse on import, − out of it on export. */
export interface StockMovement {
  productId: string;
  warehouseId: string;
  quantity: number;
}

/** Where a closed INTERNAL ticket moved samples: out on the ticket (export) or back into the warehouse (import). */
export interface SampleMove {
  sampleId: string;
  to: 'OUT' | 'IN';
}

export interface Actor {
  id: string | null;
  name: string | null;
}

/**
 * A ticket's facts. Every transition is its own event, with its actor and time in the metadata;
 * scanning records the tags counted and listed apart in batches (one event per batch of reads, not per
 * read); closing records the stock movements and sample moves it makes, and a rollback what it reverses.
 */
export type TicketEvent =
  | {
      type: 'TicketCreated';
      data: { ticketId: string; code: string; direction: TicketDirection; source: TicketSource; createdBy: Actor; fields: TicketFields; lines: PlannedLine[] };
    }
  | { type: 'TicketUpdated'; data: { ticketId: string; fields: TicketFields; lines: PlannedLine[] } }
  | { type: 'TicketDeleted'; data: { ticketId: string } }
  | {
      type: 'TicketMoved';
      /** A transition of the flow or of the approval; `reason` where the user gave one. */
      data: { ticketId: string; action: Exclude<TicketAction, 'rollback'>; from: TicketFlow; to: TicketFlow; approval: ApprovalState | null; reason: string | null };
    }
  | { type: 'TicketClosed'; data: { ticketId: string; movements: StockMovement[]; samples: SampleMove[] } }
  | {
      type: 'TicketRolledBack';
      data: {
        ticketId: string;
        from: TicketFlow;
        to: TicketFlow;
        approval: ApprovalState | null;
        reason: string | null;
        /** Scans of the step undone, discarded. */
        discarded: { step: ScanStep; tags: number } | null;
        /** A closed ticket's stock movements and sample moves, reversed. */
        reversed: { movements: StockMovement[]; samples: SampleMove[] } | null;
      };
    }
  | { type: 'TicketScanningStarted'; data: { ticketId: string; step: ScanStep; readerIds: string[] } }
  | { type: 'TicketScanningStopped'; data: { ticketId: string } }
  | { type: 'TicketTagsScanned'; data: { ticketId: string; step: ScanStep; counted: CountedTag[]; apart: ApartTag[] } }
  | { type: 'TicketApartDecided'; data: { ticketId: string; step: ScanStep; decision: 'accept' | 'remove'; epcs: string[]; counted: CountedTag[] } };
