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
 * Keeps the open ticket's quantities up to date with the scanning pushes, patched into the cached
 * answer without asking the server; only when the tags listed apart changed in number is the ticket
 * read again (the push carries counts, not the apart list).
 */
export function useTicketProgress(key: string, ticketId: string | undefined): void {
  const { mutate, cache } = useSWRConfig();
  usePush<TicketProgressPush>(
    REALTIME_EVENTS.TICKET_PROGRESS,
    useCallback(
      (push) => {
        if (push.ticketId !== ticketId) return;
        const cached = cache.get(key)?.data as TicketDetail | undefined;
        const apartChanged = cached !== undefined && cached.apart.length !== push.totals.apart;
        void mutate(key, (t?: TicketDetail) => t && withProgress(t, push), { revalidate: apartChanged });
      },
      [key, ticketId, mutate, cache],
    ),
  );
}
