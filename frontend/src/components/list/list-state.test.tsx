import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi } from '../../testing/fake-api';
import { useListState } from './list-state';

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
});
