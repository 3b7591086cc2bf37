import type { TicketLineView } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../components/toasts';

/** The refusals over stock, each with the translation that says its figures. */
const STOCK_REFUSALS: Record<string, string> = {
  STOCK_WOULD_GO_NEGATIVE: 'tickets.stock_would_go_negative',
  STOCK_NOT_AVAILABLE: 'tickets.stock_not_available',
};

/**
 * What a step refused over stock says: the refusal, then the product by its code on this ticket and the
 * figures (on hand and the change, or available and planned). Any other error says its own message.
 */
export function stepRefusal(t: TFunction, lines: readonly TicketLineView[], err: unknown): string {
  const key = err instanceof ApiError ? STOCK_REFUSALS[err.code] : undefined;
  if (!key) return errorMessage(err);
  const details = ((err as ApiError).details ?? {}) as Record<string, string | number>;
  const product = lines.find((l) => l.productId === details.productId)?.code ?? String(details.productId ?? '');
  return `${errorMessage(err)} — ${t(key, { ...details, product })}`;
}
