import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TagLookup } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import UnlinkPage from './UnlinkPage';

const TAG_A = 'E28011606000020900000001';
const TAG_B = 'E28011606000020900000002';
const UNKNOWN = 'E28011606000020900000009';

const linked = (code: string, sampleCode: string): TagLookup => ({
  code,
  state: 'LINKED',
  locked: false,
  sampleId: '00000000-0000-4000-8000-000000000061',
  sampleCode,
  sampleName: `Sample ${sampleCode}`,
});

/** A promise the test settles when it chooses: an answer held back. */
function held() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const listedTags = () => [...document.querySelectorAll<HTMLElement>('[data-testid=unlink-list] tbody tr')].map((tr) => tr.dataset.tag);

describe('the unlink page', () => {
  it('lists the tags in the order they were scanned, whichever check answers first; an unknown tag is refused and named', async () => {
    signedInAs([]);
    const answerA = held();
    const answerB = held();
    const api = fakeApi({
      [`GET /rfid-tags/lookup/${TAG_A}`]: () => answerA.promise.then(() => linked(TAG_A, 'SP0001')),
      [`GET /rfid-tags/lookup/${TAG_B}`]: () => answerB.promise.then(() => linked(TAG_B, 'SP0002')),
    });
    const user = userEvent.setup();
    renderInApp(<UnlinkPage />);
    const scan = screen.getByPlaceholderText('Scan or type the tag code, then Enter');
    await user.type(scan, `${TAG_A}{Enter}`);
    await user.type(scan, `${TAG_B}{Enter}`);
    await waitFor(() => expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('/rfid-tags/lookup/'))).toEqual([`/rfid-tags/lookup/${TAG_A}`, `/rfid-tags/lookup/${TAG_B}`]));

    // the second scan is answered first
    answerB.release();
    await waitFor(() => expect(listedTags()).toEqual([TAG_B]));
    answerA.release();
    await waitFor(() => expect(listedTags()).toEqual([TAG_A, TAG_B]));

    await user.type(scan, `${UNKNOWN}{Enter}`);
    expect((await screen.findByRole('alert')).textContent).toBe(`Tag ${UNKNOWN} is not registered`);
    expect(listedTags()).toEqual([TAG_A, TAG_B]);
  });
});
