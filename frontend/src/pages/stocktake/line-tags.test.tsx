import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { MISPLACED } from '../../testing/stocktake-fixtures';
import { LineResultTag } from './line-tags';

/** A product's line: 3 units expected in zone A. */
const productLine = (found: number) => ({ ...MISPLACED, kind: 'PRODUCT' as const, code: 'QUAN-JEAN', epc: null, expected: 3, found, result: found >= 3 ? ('FOUND' as const) : ('MISSING' as const), reason: null });

describe('a result line', () => {
  it("says how many units a product's line is short; a line with none found, or all, says no more", async () => {
    signedInAs([]);
    renderInApp(<LineResultTag line={productLine(2)} />);
    expect((await screen.findByTestId('line-short')).textContent).toBe('short by 1');
  });

  it('a missing line with nothing found is just missing', async () => {
    signedInAs([]);
    renderInApp(<LineResultTag line={productLine(0)} />);
    expect(await screen.findByText('Missing')).toBeTruthy();
    expect(screen.queryByTestId('line-short')).toBeNull();
  });
});
