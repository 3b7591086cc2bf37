import { REALTIME_EVENTS, type TicketDetail, type TicketProgressPush } from '@rfid/contracts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { newerReading } from '../../api/newer-reading';
import { usePush } from '../../app/realtime';

/** Of two readings of a ticket, the one of its later version. */
export const newerTicket = (shown: TicketDetail | undefined, next: TicketDetail) => newerReading(shown, next, (t) => t.version);

/** The ticket with the pushed quantities in place (each line's draft and actual, the totals) at the push's version. */
export function withProgress(ticket: TicketDetail, push: TicketProgressPush): TicketDetail {
  if (push.version <= ticket.version) return ticket;
  const byKey = new Map(push.lines.map((l) => [l.key, l]));
  return {
    ...ticket,
    version: push.version,
    totals: push.totals,
    lines: ticket.lines.map((l) => {
      const p = byKey.get(l.key);
      return p ? { ...l, draft: p.draft, actual: p.actual } : l;
    }),
  };
}

/**
 * What a push does to the ticket shown: nothing (`old`), its quantities patched in (`patch`), or the
 * ticket read again (`read`). The rule is the hook's below.
 */
export function progressStep(shown: TicketDetail | undefined, push: TicketProgressPush): 'old' | 'patch' | 'read' {
  // nothing shown yet: the reading on its way is as new as the push
  if (!shown || push.version <= shown.version) return 'old';
  const moved = (['planned', 'draft', 'actual', 'apart'] as const).some((k) => shown.totals[k] !== push.totals[k]);
  return push.version === shown.version + 1 && moved ? 'patch' : 'read';
}

/**
 * Keeps the open ticket up to date with its pushes, each the ticket's quantities as of a version. A
 * push no newer than the ticket shown is old news (pushes and answers arrive in any order). The very
 * next version, when it moves quantities, is patched in without asking the server: a scan changes
 * nothing else. Anything else reads the ticket again: a version skipped (another change came between),
 * or a push that moves no quantity (a step taken elsewhere, an approval by another user). The tags
 * listed apart are read again when their number changed (the push carries counts, not the list).
 */
export function useTicketProgress(key: string, ticketId: string | undefined): void {
  const { mutate, cache } = useSWRConfig();
  usePush<TicketProgressPush>(
    REALTIME_EVENTS.TICKET_PROGRESS,
    useCallback(
      (push) => {
        if (push.ticketId !== ticketId) return;
        const shown = cache.get(key)?.data as TicketDetail | undefined;
        const step = progressStep(shown, push);
        if (step === 'read') void mutate(key);
        if (step !== 'patch') return;
        const apartChanged = shown!.apart.length !== push.totals.apart;
        void mutate(key, (t?: TicketDetail) => t && withProgress(t, push), { revalidate: apartChanged });
      },
      [key, ticketId, mutate, cache],
    ),
  );
}
