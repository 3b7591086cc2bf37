import { z } from 'zod';
import { defineListColumns, sortColumnKeys } from '../list-columns.js';
import { isoDateTime, pagingQuery, searchText, sortQuery, storableText } from './common.js';

/** The system log's columns. */
export const SYSTEM_LOG_COLUMNS = defineListColumns({
  recordedAt: { label: 'system_log.time', sort: true },
  actor: { label: 'system_log.actor' },
  action: { label: 'system_log.action' },
  record: { label: 'system_log.target' },
  summary: { label: 'system_log.summary' },
});

export const systemLogQuery = pagingQuery.extend({
  actor: storableText().trim().min(1).max(100).optional(),
  action: storableText().trim().min(1).max(100).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  q: searchText.optional(),
  sort: sortQuery(sortColumnKeys(SYSTEM_LOG_COLUMNS), 'recordedAt:desc'),
});
export type SystemLogQuery = z.infer<typeof systemLogQuery>;

/**
 * One event as the log lists it, in the language of the request: who (the actor), what (the action,
 * its event type, and its label), to which record (its kind and its name: a username, a sample code,
 * a catalogue item's name, a tag code; null when it cannot be found) and a readable summary.
 */
export const systemLogEntry = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), kind: z.string() }),
  action: z.string(),
  actionLabel: z.string(),
  streamId: z.string(),
  streamType: z.string(),
  record: z.object({ id: z.string(), kind: z.string(), name: z.string().nullable() }),
  summary: z.string(),
});
export type SystemLogEntry = z.infer<typeof systemLogEntry>;

export const systemLogDetail = systemLogEntry.extend({
  eventId: z.uuid(),
  streamVersion: z.number().int(),
  data: z.unknown(),
  metadata: z.unknown(),
  hash: z.string(),
});
export type SystemLogDetail = z.infer<typeof systemLogDetail>;

/** An action present in the log, with its label, for the filter. */
export const systemLogActionOption = z.object({ action: z.string(), label: z.string() });
export type SystemLogActionOption = z.infer<typeof systemLogActionOption>;
