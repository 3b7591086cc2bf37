import type { TicketLineView } from '@rfid/contracts';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { stepRefusal } from './stock-refusals';

const PRODUCT = '0190a1b2-0000-7000-8000-00000000a001';
const lines: TicketLineView[] = [{ key: `product:${PRODUCT}`, productId: PRODUCT, sampleId: null, code: 'AO-KHOAC', name: 'Áo khoác', unit: 'cái', planned: 5, draft: 0, actual: 5 }];
const t = i18n.t.bind(i18n);

describe("a ticket step's refusal", () => {
  it('over stock, names the product by its code and the figures', () => {
    const negative = new ApiError(409, 'STOCK_WOULD_GO_NEGATIVE', 'x', { productId: PRODUCT, warehouseId: 'w', onHand: 3, change: -5 });
    expect(stepRefusal(t, lines, negative)).toBe('Not enough stock: the product’s stock in the warehouse would go below zero — AO-KHOAC: 3 in stock, this step would move -5');
    const short = new ApiError(409, 'STOCK_NOT_AVAILABLE', 'x', { productId: PRODUCT, warehouseId: 'w', available: 1, planned: 2 });
    expect(stepRefusal(t, lines, short)).toMatch(/ — AO-KHOAC: 1 available, 2 planned$/);
  });

  it('any other refusal says only its message', () => {
    expect(stepRefusal(t, lines, new ApiError(409, 'TICKET_ACTION_NOT_ALLOWED', 'x'))).toBe(i18n.t('errors:TICKET_ACTION_NOT_ALLOWED'));
  });
});
