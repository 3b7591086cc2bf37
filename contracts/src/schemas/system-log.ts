import { z } from 'zod';
import { isoDateTime, pagingQuery, searchText, sortQuery, storableText } from './common.js';

export const systemLogQuery = pagingQuery.extend({
  actor: storableText().trim().min(1).max(100).optional(),
  action: storableText().trim().min(1).max(100).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  q: searchText.optional(),
  sort: sortQuery(['recordedAt'] as const, 'recordedAt:desc'),
});
export type SystemLogQuery = z.infer<typeof systemLogQuery>;

export const systemLogEntry = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), kind: z.string() }),
  action: z.string(),
  streamId: z.string(),
  streamType: z.string(),
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
