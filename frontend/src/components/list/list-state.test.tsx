import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import { ListUrls, useListState } from './list-state';

function TwoChangesAtOnce() {
  const { update } = useListState(['problems', 'kind']);
  return (
    <button
      type="button"
      onClick={() => {
        update({ problems: '' });
        update({ kind: 'RESPONSE' });
      }}
    >
      change
    </button>
  );
}

describe("a list's state in the URL", () => {
  it('keeps every change made before the next render: a filter cleared, then another chosen', () => {
    signedInAs([]);
    fakeApi({ 'GET /system-settings/public': () => ({ productName: 'RFID', defaultPageSize: 20 }) });
    renderInApp(<TwoChangesAtOnce />, '/log?size=50&problems=true&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    expect(screen.getByTestId('location').textContent).toBe('/log?size=50&kind=RESPONSE');
  });

  it('keeps every change when the router shows the URLs asked for one by one, after later changes were asked', () => {
    const urls = new ListUrls('shown-0', new URLSearchParams('size=50&problems=true'));
    const cleared = urls.ask({ problems: '' });
    const kind = urls.ask({ kind: 'RESPONSE' });
    // the router shows the first change only now, after the second was asked; then a third is asked
    urls.shown('shown-1', cleared);
    expect(urls.ask({ outcome: 'OK' }).toString()).toBe('size=50&kind=RESPONSE&outcome=OK');
    urls.shown('shown-2', kind);
    expect(urls.ask({ q: 'stop' }).toString()).toBe('size=50&kind=RESPONSE&outcome=OK&q=stop');
  });

  it('starts over from the URL shown when the router moves where the list did not ask (back, a link)', () => {
    const urls = new ListUrls('shown-0', new URLSearchParams('size=50'));
    urls.ask({ kind: 'RESPONSE' });
    urls.shown('shown-1', new URLSearchParams('size=20&q=gate'));
    expect(urls.ask({ page: 2 }).toString()).toBe('size=20&q=gate&page=2');
  });
});
