import { REALTIME_EVENTS, type StocktakeDetail, type StocktakeProgressPush } from '@rfid/contracts';
import { useCallback, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../api/client';
import { newerReading } from '../../api/newer-reading';
import { usePush } from '../../app/realtime';
import { refreshList } from '../../components/list/list-state';
import { useThrottle } from '../../components/use-throttle';

/** While a stocktake counts, its lines are read again at most this often, however fast the pushes come. */
export const LINES_REFRESH_MS = 1000;

/** Of two readings of a stocktake, the one with its later change. */
export const newerStocktake = (shown: StocktakeDetail | undefined, next: StocktakeDetail) => newerReading(shown, next, (s) => s.position);

/** The stocktake with a push's totals and status in place, unless the push is older than the stocktake shown. */
export function withProgress(stocktake: StocktakeDetail, push: StocktakeProgressPush): StocktakeDetail {
  return push.position < stocktake.position ? stocktake : { ...stocktake, status: push.status, totals: push.totals, position: push.position };
}

/**
 * Keeps the open stocktake live with its pushes (`stocktake:progress`): the totals and the status are
 * put in place at once, without asking the server (a push older than what is shown is left out); the lines, which the push does not carry, are read
 * again and put in place (throttled), and the stocktake too when its status changed, since what may be
 * done with it (its allowed actions) changes with the status.
 */
export function useStocktakeProgress(detailKey: string, linesEndpoint: string, stocktakeId: string | undefined): void {
  const { mutate, cache } = useSWRConfig();
  const statusChanged = useRef(false);
  const reread = useThrottle(() => {
    void refreshList(linesEndpoint);
    if (statusChanged.current) {
      statusChanged.current = false;
      void api<StocktakeDetail>(detailKey).then((next) => mutate(detailKey, (shown?: StocktakeDetail) => newerStocktake(shown, next), { revalidate: false }), () => undefined);
    }
  }, LINES_REFRESH_MS);
  usePush<StocktakeProgressPush>(
    REALTIME_EVENTS.STOCKTAKE_PROGRESS,
    useCallback(
      (push) => {
        if (push.stocktakeId !== stocktakeId) return;
        const cached = cache.get(detailKey)?.data as StocktakeDetail | undefined;
        if (cached && cached.status !== push.status && push.position >= cached.position) statusChanged.current = true;
        void mutate(detailKey, (s?: StocktakeDetail) => s && withProgress(s, push), { revalidate: false });
        reread();
      },
      [detailKey, stocktakeId, cache, mutate, reread],
    ),
  );
}
