import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse, SampleLookupItem } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import LinkPage from './LinkPage';

const sample = (n: number, name: string): SampleLookupItem => ({
  id: `00000000-0000-4000-8000-00000000006${n}`,
  sampleCode: `SP000${n}`,
  name,
  modelName: 'Runner',
  artNumber: 'A1',
  currentTagCode: null,
});
const SAMPLES = [sample(1, 'Red shoe'), sample(2, 'Redwood box')];

const shownSamples = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('the link page', () => {
  it("shows the samples found for the search as last typed, though an earlier search's answer arrives after it", async () => {
    signedInAs([]);
    let answerRed = () => {};
    const redHeld = new Promise<void>((resolve) => (answerRed = resolve));
    const api = fakeApi({
      'GET /samples/lookup': ({ query }) => {
        const q = query.get('q')!.toLowerCase();
        const answer: ListResponse<SampleLookupItem> = { data: SAMPLES.filter((s) => s.name.toLowerCase().includes(q)), total: 0, page: 1, size: 10 };
        answer.total = answer.data.length;
        return q === 'red' ? redHeld.then(() => answer) : answer;
      },
    });
    const user = userEvent.setup();
    renderInApp(<LinkPage />);
    const search = screen.getByRole('combobox', { name: 'Search a sample: code, name, model, art…' });
    await user.type(search, 'red');
    await waitFor(() => expect(api.calls.some((c) => c.query.get('q') === 'red')).toBe(true));
    await user.type(search, 'w');
    await waitFor(() => expect(shownSamples()).toEqual(['SP0002 — Redwood boxRunner']));

    // the search for 'red' was given up when 'redw' was typed: its answer (both samples), arriving last,
    // never reaches the page, and the list stays that of 'redw'
    const red = api.calls.find((c) => c.query.get('q') === 'red')!;
    await waitFor(() => expect(red.signal?.aborted).toBe(true));
    answerRed();
    await redHeld;
    expect(shownSamples()).toEqual(['SP0002 — Redwood boxRunner']);
  });
});
