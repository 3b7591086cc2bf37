import type { TicketDetail, TicketProgressPush } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { newerTicket, progressStep, withProgress } from './ticket-progress';

const LINE = { key: 'product:p1', productId: '00000000-0000-4000-8000-000000000001', sampleId: null, code: 'SP-1', name: 'Box', unit: 'box', planned: 10, draft: 2, actual: 0 };
const shown = {
  id: '00000000-0000-4000-8000-0000000000e1',
  status: 'PREPARING',
  totals: { planned: 10, draft: 2, actual: 0, apart: 0 },
  lines: [LINE],
  apart: [],
  version: 5,
} as unknown as TicketDetail;
const push = (version: number, draft: number): TicketProgressPush => ({ ticketId: shown.id, version, totals: { ...shown.totals, draft }, lines: [{ key: LINE.key, draft, actual: 0 }] });

describe("a ticket page's pushes and answers, in whatever order they come", () => {
  it('patches in the very next version that moves quantities', () => {
    expect(progressStep(shown, push(6, 3))).toBe('patch');
    const patched = withProgress(shown, push(6, 3));
    expect([patched.version, patched.totals.draft, patched.lines[0]!.draft]).toEqual([6, 3, 3]);
  });

  it('leaves out a push no newer than the ticket shown (an answer read after it came first)', () => {
    expect(progressStep(shown, push(5, 1))).toBe('old');
    expect(progressStep(shown, push(4, 1))).toBe('old');
    expect(withProgress(shown, push(4, 1))).toBe(shown);
  });

  it('reads the ticket again when a version was skipped (another change came between) or nothing moved (a step taken elsewhere)', () => {
    expect(progressStep(shown, push(7, 3))).toBe('read');
    expect(progressStep(shown, push(6, 2))).toBe('read');
  });

  it('nothing shown yet: the reading on its way is as new', () => {
    expect(progressStep(undefined, push(6, 3))).toBe('old');
  });

  it("keeps the ticket shown over an action's answer read before it", () => {
    const answered = { ...shown, version: 4, status: 'NEW' } as TicketDetail;
    expect(newerTicket(shown, answered)).toBe(shown);
    const later = { ...shown, version: 6, status: 'PREPARED' } as TicketDetail;
    expect(newerTicket(shown, later)).toBe(later);
  });
});
