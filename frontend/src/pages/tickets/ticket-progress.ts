import { REALTIME_EVENTS, type TicketDetail, type TicketProgressPush } from '@rfid/contracts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { usePush } from '../../app/realtime';

/** The ticket with the pushed quantities in place: each line's draft and actual, the totals. */
export function withProgress(ticket: TicketDetail, push: TicketProgressPush): TicketDetail {
  const byKey = new Map(push.lines.map((l) => [l.key, l]));
  return {
    ...ticket,
    totals: push.totals,
    lines: ticket.lines.map((l) => {
      const p = byKey.get(l.key);
      return p ? { ...l, draft: p.draft, actual: p.actual } : l;
    }),
  };
}

/**
 * Keeps the open ticket up to date with its pushes: new quantities are patched into the cached answer
 * without asking the server; the ticket is read again only when the tags listed apart changed in
 * number (the push carries counts, not the apart list), or when the push moves no quantity at all
 * (the server pushes after every change: a step taken elsewhere, an approval by another user).
 */
export function useTicketProgress(key: string, ticketId: string | undefined): void {
  const { mutate, cache } = useSWRConfig();
  usePush<TicketProgressPush>(
    REALTIME_EVENTS.TICKET_PROGRESS,
    useCallback(
      (push) => {
        if (push.ticketId !== ticketId) return;
        const cached = cache.get(key)?.data as TicketDetail | undefined;
        const totals = cached?.totals;
        // a push that moves no quantity tells of another change (a step another user took): the ticket is read again
        const unchanged = totals !== undefined && (['planned', 'draft', 'actual', 'apart'] as const).every((k) => totals[k] === push.totals[k]);
        if (unchanged) {
          void mutate(key);
          return;
        }
        const apartChanged = cached !== undefined && cached.apart.length !== push.totals.apart;
        void mutate(key, (t?: TicketDetail) => t && withProgress(t, push), { revalidate: apartChanged });
      },
      [key, ticketId, mutate, cache],
    ),
  );
}
