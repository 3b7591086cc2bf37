import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse, LookupItem } from '@rfid/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import { LookupSelect } from './LookupSelect';

/** 120 seasons, more than two pages of the largest page (50); the last one is no longer in use. */
const ITEMS: LookupItem[] = Array.from({ length: 120 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  code: `C${String(i + 1).padStart(3, '0')}`,
  name: `Season ${String(i + 1).padStart(3, '0')}`,
  active: i < 119,
}));
const ENDPOINT = '/master-data/seasons/lookup';

/**
 * The look-up route as the server answers it: search by code or name, ids, active only, pages. The
 * answer to a search in `held` arrives only once its promise settles.
 */
function lookupServer(held: Record<string, Promise<void>> = {}) {
  return fakeApi({
    [`GET ${ENDPOINT}`]: ({ query }) => {
      const q = query.get('q')?.toLowerCase();
      const ids = query.get('ids')?.split(',');
      const matching = ITEMS.filter(
        (i) => (!q || i.name.toLowerCase().includes(q) || i.code!.toLowerCase().includes(q)) && (!ids || ids.includes(i.id)) && (query.get('active') !== 'true' || i.active),
      );
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const answer: ListResponse<LookupItem> = { data: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
      const wait = held[query.get('q') ?? ''];
      return wait ? wait.then(() => answer) : answer;
    },
  });
}

const lookups = (calls: ApiCall[]) => calls.filter((c) => c.path === ENDPOINT);
const pagesAsked = (calls: ApiCall[]) => lookups(calls).filter((c) => c.query.has('page')).map((c) => Number(c.query.get('page')));

function Chooser({ initial = '', changes }: { initial?: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <LookupSelect
      endpoint={ENDPOINT}
      value={value}
      aria-label="Season"
      emptyLabel="All"
      onChange={(v) => {
        changes.push(v);
        setValue(v);
      }}
    />
  );
}

function renderChooser(initial?: string) {
  signedInAs([]);
  const changes: string[] = [];
  renderInApp(<Chooser initial={initial} changes={changes} />);
  return { changes, field: screen.getByRole('combobox', { name: 'Season' }) as HTMLInputElement };
}

describe('LookupSelect: a choice among every item of a look-up', () => {
  it('asks for nothing until it opens; then the list pages on as the arrow keys walk past the last item read', async () => {
    const api = lookupServer();
    const user = userEvent.setup();
    const { field } = renderChooser();
    expect(lookups(api.calls)).toEqual([]);
    field.focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Season 050 (C050)' });
    expect(screen.getAllByRole('option')).toHaveLength(51);
    expect(screen.queryByRole('option', { name: 'Season 051 (C051)' })).toBeNull();
    // "All", then 50 items: the 51st press walks onto the last item read, which asks for page 2
    await user.keyboard('{ArrowDown>50/}');
    await screen.findByRole('option', { name: 'Season 100 (C100)' });
    expect(pagesAsked(api.calls)).toEqual([1, 2]);
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Season 050 (C050)' }).id);
  });

  it('typing searches the server; ArrowDown and Enter pick a match, which the field then shows', async () => {
    const api = lookupServer();
    const user = userEvent.setup();
    const { field, changes } = renderChooser();
    await user.click(field);
    await user.type(field, '117');
    await screen.findByRole('option', { name: 'Season 117 (C117)' });
    expect(api.calls.some((c) => c.query.get('q') === '117')).toBe(true);
    // the answer to '11' (Season 117 among 11 items) may have been drawn first: wait for the one to '117'
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(changes).toEqual([ITEMS[116]!.id]);
    await waitFor(() => expect(field.value).toBe('Season 117 (C117)'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('the highlighted item stays highlighted while the search typed before the arrow keys is answered, wherever the answer puts it', async () => {
    let answer117 = () => {};
    const api = lookupServer({ '117': new Promise<void>((resolve) => (answer117 = resolve)) });
    const { field, changes } = renderChooser();
    await userEvent.setup().type(field, '11');
    // the answer to '11': "All", Season 011, Season 110 ... 119
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(12));
    // '7' and the arrows before the search for '117' is sent (no pause between keys: its timer cannot run meanwhile)
    await userEvent.setup({ delay: null }).keyboard('7{ArrowDown>9/}');
    const wanted = screen.getByRole('option', { name: 'Season 117 (C117)' });
    expect(field.getAttribute('aria-activedescendant')).toBe(wanted.id);
    await waitFor(() => expect(api.calls.some((c) => c.query.get('q') === '117')).toBe(true));
    // while its answer is on its way the list shown stays, Season 117 highlighted: Enter now would pick it (not "All")
    expect(screen.getAllByRole('option')).toHaveLength(12);
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Season 117 (C117)' }).id);
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    answer117();
    // the answer holds Season 117 second, not tenth: it is still the one highlighted (not "All", as when the search sent after the arrows reset it), and Enter picks it
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Season 117 (C117)']));
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('false');
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Season 117 (C117)' }).id);
    await userEvent.setup().keyboard('{Enter}');
    expect(changes).toEqual([ITEMS[116]!.id]);
    await waitFor(() => expect(field.value).toBe('Season 117 (C117)'));
  });

  it('a value it is given (from the URL) shows its name, read by id; Escape keeps it; "All" clears it', async () => {
    const api = lookupServer();
    const user = userEvent.setup();
    const { field, changes } = renderChooser(ITEMS[119]!.id);
    await waitFor(() => expect(field.value).toBe('Season 120 (C120)'));
    expect(lookups(api.calls).map((c) => c.query.get('ids'))).toEqual([ITEMS[119]!.id]);
    await user.click(field);
    await screen.findByRole('option', { name: 'Season 001 (C001)' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(changes).toEqual([]);
    expect(field.value).toBe('Season 120 (C120)');
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(changes).toEqual(['']);
    expect(field.value).toBe('');
  });
});
