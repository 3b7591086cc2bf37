import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { defineEntityFields, requestShape, viewShape } from '../entity-fields.js';
import { actorView, codedRule, isoDateTime, listResponse, pagingQuery, quantityInput, savedRecord, searchText, sortQuery, wholeNumber } from './common.js';
import { tagCodeInput } from './rfid-tags.js';

/*
 * Security gates: the passes a gate reader decides (the gate history) and the gate tickets that let
 * listed items pass listed gates within a time window.
 */

/** Which way an item went: inner antenna then outer is OUT; outer then inner IN; one side only UNKNOWN. A one-antenna gate sees every pass as OUT. */
export const PASS_DIRECTIONS = ['OUT', 'IN', 'UNKNOWN'] as const;
export const passDirection = z.enum(PASS_DIRECTIONS);
export type PassDirection = z.infer<typeof passDirection>;

/**
 * What the gate decided: ALLOWED (a ticket lets the item out), ALERT (nothing does), RECORDED (the gate
 * is in Manual mode: it only records), NOT_CHECKED (inbound or unknown direction), IGNORED (an unknown
 * tag while the system setting says to ignore them).
 */
export const PASS_DECISIONS = ['ALLOWED', 'ALERT', 'RECORDED', 'NOT_CHECKED', 'IGNORED'] as const;
export const passDecision = z.enum(PASS_DECISIONS);
export type PassDecision = z.infer<typeof passDecision>;

/** What passed: a sample (its tag is linked to it), a product unit, a registered tag linked to nothing, or a tag nobody registered. */
export const GATE_ITEM_KINDS = ['SAMPLE', 'PRODUCT', 'TAG', 'UNKNOWN'] as const;
export const gateItemKind = z.enum(GATE_ITEM_KINDS);
export type GateItemKind = z.infer<typeof gateItemKind>;

/** What let an item out: an approved or exporting export ticket, a receiving import ticket, or an approved gate ticket. */
export const PERMIT_KINDS = ['EXPORT_TICKET', 'IMPORT_TICKET', 'GATE_TICKET'] as const;
export const permitKind = z.enum(PERMIT_KINDS);
export type PermitKind = z.infer<typeof permitKind>;

/** An item as a pass or an alert names it. */
export const gateItemView = z.object({
  kind: gateItemKind,
  /** The sample's or product's id; null for a tag. */
  id: z.uuid().nullable(),
  /** The sample code, the product code, or the tag code. */
  code: z.string(),
  name: z.string().nullable(),
});
export type GateItemView = z.infer<typeof gateItemView>;

export const gatePassView = z.object({
  id: z.uuid(),
  at: z.string(),
  gateId: z.uuid(),
  gateCode: z.string(),
  gateName: z.string(),
  antenna: z.number().int().nullable(),
  direction: passDirection,
  epc: z.string(),
  item: gateItemView,
  decision: passDecision,
  permit: z.object({ kind: permitKind, id: z.uuid(), code: z.string() }).nullable(),
  /** The alert this pass raised, or the one still open for the item at this gate (an alert is raised once per window). */
  alertId: z.uuid().nullable(),
});
export type GatePassView = z.infer<typeof gatePassView>;

/** The gate history's columns: the screen shows the item and the alert in a column each, the export writes the item's parts. */
export const GATE_PASS_LIST_COLUMNS = defineListColumns({
  at: { label: 'gate_history.time', header: { vi: 'Thời gian', en: 'Time' }, width: 22, dateTime: true, sort: true },
  gate: { label: 'gate.gate', header: { vi: 'Cổng', en: 'Gate' }, width: 26 },
  antenna: { label: 'gate.antenna', header: { vi: 'Ăng-ten', en: 'Antenna' }, width: 10 },
  direction: { label: 'gate_history.direction', header: { vi: 'Hướng', en: 'Direction' }, width: 12 },
  epc: { label: 'gate.tag', header: { vi: 'Mã RFID', en: 'RFID tag' }, width: 30 },
  item: { label: 'gate.item' },
  itemKind: { header: { vi: 'Loại', en: 'Kind' }, width: 12 },
  itemCode: { header: { vi: 'Mã', en: 'Code' }, width: 18 },
  itemName: { header: { vi: 'Tên', en: 'Name' }, width: 26 },
  decision: { label: 'gate_history.decision', header: { vi: 'Kết quả', en: 'Decision' }, width: 14 },
  permit: { label: 'gate_history.permit', header: { vi: 'Phiếu cho phép', en: 'Permit' }, width: 16 },
  alert: { label: 'gate_history.alert' },
});
export const gatePassListQuery = pagingQuery.extend({
  /** The tag, or the item's code or name. */
  q: searchText.optional(),
  gateId: z.uuid().optional(),
  direction: passDirection.optional(),
  decision: passDecision.optional(),
  itemKind: gateItemKind.optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: sortQuery(sortColumnKeys(GATE_PASS_LIST_COLUMNS), 'at:desc'),
});
export type GatePassListQuery = z.infer<typeof gatePassListQuery>;
export const gatePassFilter = gatePassListQuery.omit({ page: true, size: true });
export type GatePassFilter = z.infer<typeof gatePassFilter>;
export const gatePassListResponse = listResponse(gatePassView);
export type GatePassListResponse = z.infer<typeof gatePassListResponse>;

/** The approval state of a gate ticket: CREATED → APPROVED or CANCELED. */
export const GATE_TICKET_STATES = ['CREATED', 'APPROVED', 'CANCELED'] as const;
export const gateTicketState = z.enum(GATE_TICKET_STATES);
export type GateTicketState = z.infer<typeof gateTicketState>;

/** An item a gate ticket lets pass: a sample, a quantity of a product, or a tag (whatever it is on). */
export const gateTicketItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SAMPLE'), sampleId: z.uuid() }),
  z.object({ kind: z.literal('PRODUCT'), productId: z.uuid(), quantity: quantityInput }),
  z.object({ kind: z.literal('TAG'), tagCode: tagCodeInput }),
]);
export type GateTicketItem = z.infer<typeof gateTicketItem>;

const itemKey = (i: GateTicketItem) => (i.kind === 'SAMPLE' ? `s:${i.sampleId}` : i.kind === 'PRODUCT' ? `p:${i.productId}` : `t:${i.tagCode}`);

/** A gate ticket's fields, in the order of its form; its items are its lines, not fields. */
export const GATE_TICKET_FIELDS = defineEntityFields({
  reason: { kind: 'text', max: 500, required: true, multiline: true, label: 'gate_tickets.reason', search: true },
  gateIds: { kind: 'record', of: 'gates', name: 'gates', many: { min: 1, max: 50 }, label: 'gate_tickets.gates' },
  validFrom: { kind: 'datetime', label: 'gate_tickets.valid_from' },
  validTo: { kind: 'datetime', label: 'gate_tickets.valid_to' },
});

const gateTicketFields = z
  .object({
    ...requestShape(GATE_TICKET_FIELDS),
    items: z
      .array(gateTicketItem)
      .min(1)
      .max(1000)
      .refine((items) => new Set(items.map(itemKey)).size === items.length, { message: 'each item once' }),
  })
  .refine((t) => t.validTo > t.validFrom, { path: ['validTo'], ...codedRule('VALID_RANGE_NOT_VALID') });

export const createGateTicketRequest = gateTicketFields;
export type CreateGateTicketRequest = z.infer<typeof createGateTicketRequest>;
/** An update replaces every field; `version` is the one the form was opened on. */
export const updateGateTicketRequest = gateTicketFields.and(z.object({ version: wholeNumber(1) }));
export type UpdateGateTicketRequest = z.infer<typeof updateGateTicketRequest>;

export const gateTicketItemView = z.object({
  kind: z.enum(['SAMPLE', 'PRODUCT', 'TAG']),
  /** The sample's or product's id; null for a tag. */
  id: z.uuid().nullable(),
  code: z.string(),
  name: z.string().nullable(),
  /** Products: how many units may pass, and how many have. Samples and tags: 1. */
  quantity: z.number().int(),
  passed: z.number().int(),
});
export type GateTicketItemView = z.infer<typeof gateTicketItemView>;


export const gateTicketView = z.object({
  id: z.uuid(),
  code: z.string(),
  ...viewShape(GATE_TICKET_FIELDS),
  state: gateTicketState,
  itemCount: z.number().int(),
  createdBy: actorView,
  /** Who approved or canceled it, and when. */
  decidedBy: actorView.nullable(),
  decidedAt: z.string().nullable(),
  ...savedRecord,
});
export type GateTicketView = z.infer<typeof gateTicketView>;

export const gateTicketDetail = gateTicketView.extend({
  items: z.array(gateTicketItemView),
  /** What the signed-in user may do with it now. */
  allowedActions: z.array(z.enum(['UPDATE', 'DELETE', 'APPROVE', 'CANCEL'])),
});
export type GateTicketDetail = z.infer<typeof gateTicketDetail>;

/** The gate ticket list's columns. */
export const GATE_TICKET_LIST_COLUMNS = defineListColumns({
  code: { label: 'gate_tickets.code', sort: true },
  reason: { label: 'gate_tickets.reason' },
  state: { label: 'gate_tickets.state' },
  gates: { label: 'gate_tickets.gates' },
  validFrom: { label: 'gate_tickets.valid', sort: true },
  itemCount: { label: 'gate_tickets.item_count' },
  createdBy: { label: 'gate_tickets.created_by' },
  decidedBy: { label: 'gate_tickets.decided_by' },
  decidedAt: { label: 'gate_tickets.decided_at' },
  createdAt: { label: 'common.created_at', sort: true },
});

export const gateTicketListQuery = pagingQuery.extend({
  /** The code or the reason. */
  q: searchText.optional(),
  state: gateTicketState.optional(),
  gateId: z.uuid().optional(),
  /** Tickets valid at some time in this range. */
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  sort: sortQuery(sortColumnKeys(GATE_TICKET_LIST_COLUMNS), 'createdAt:desc'),
});
export type GateTicketListQuery = z.infer<typeof gateTicketListQuery>;
export const gateTicketListResponse = listResponse(gateTicketView);
export type GateTicketListResponse = z.infer<typeof gateTicketListResponse>;
