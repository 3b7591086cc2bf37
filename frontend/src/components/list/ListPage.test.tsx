import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoute, pagingQuery, routeAccess, sortQuery, type ListResponse } from '@rfid/contracts';
import { describe, expect, it } from 'vitest';
import { renderInApp, signedInAs } from '../../testing/app-harness';
import { fakeApi, type ApiCall } from '../../testing/fake-api';
import type { Column } from './DataTable';
import type { FilterSpec } from './FilterBar';
import { ListPage } from './ListPage';

interface Thing {
  id: string;
  name: string;
}

const TOTAL = 45;
/** The list's route, as the API table would declare it: sorted by name unless asked otherwise. */
const THINGS = apiRoute({ method: 'GET', path: '/things', access: routeAccess.signedIn, summary: 'things', query: pagingQuery.extend({ sort: sortQuery(['name'], 'name:asc') }) });
const columns: Column<Thing>[] = [{ key: 'name', labelKey: 'users.full_name', sortField: 'name' }];
const filters: FilterSpec[] = [
  { name: 'q', labelKey: 'list.search', type: 'text' },
  {
    name: 'status',
    labelKey: 'users.status',
    type: 'select',
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'LOCKED', label: 'Locked' },
    ],
  },
];

/** A server with 45 things: answers the page asked for, and records each request. */
function thingsServer() {
  return fakeApi({
    'GET /things': ({ query }): ListResponse<Thing> => {
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      const first = (page - 1) * size;
      const data = Array.from({ length: Math.max(Math.min(size, TOTAL - first), 0) }, (_, i) => ({ id: String(first + i), name: `Thing ${first + i}` }));
      return { data, total: TOTAL, page, size };
    },
  });
}

const lastQuery = (calls: ApiCall[]) => Object.fromEntries(calls.filter((c) => c.path === '/things').at(-1)!.query);
const location = () => screen.getByTestId('location').textContent!;
const urlParams = () => Object.fromEntries(new URL(location(), 'http://app').searchParams);

function renderList(url: string) {
  signedInAs([]);
  return renderInApp(<ListPage<Thing> titleKey="menu.users" route={THINGS} columns={columns} filters={filters} rowKey={(r) => r.id} />, url);
}

describe('ListPage keeps its state in the URL', () => {
  it('reads page, size, sort and filters from the URL and asks the API for exactly those', async () => {
    const api = thingsServer();
    renderList('/things?page=2&size=20&sort=name:desc&q=Th&status=LOCKED');
    await screen.findByText('Thing 20');
    expect(lastQuery(api.calls)).toEqual({ page: '2', size: '20', sort: 'name:desc', q: 'Th', status: 'LOCKED' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('Th');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('LOCKED');
    expect(screen.getByRole('columnheader', { name: /Full name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('a size that is not 10, 20, 30 or 50 and a page below 1 read as the defaults', async () => {
    const api = thingsServer();
    renderList('/things?page=-4&size=7');
    await screen.findByText('Thing 0');
    expect(lastQuery(api.calls)).toMatchObject({ page: '1', size: '10', sort: 'name:asc' });
  });

  it('the pager writes the page and the size to the URL; a new size starts again at page 1', async () => {
    const user = userEvent.setup();
    const api = thingsServer();
    renderList('/things');
    await screen.findByText('Thing 0');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Thing 10');
    expect(urlParams()).toEqual({ page: '2' });
    expect(lastQuery(api.calls)).toMatchObject({ page: '2', size: '10' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '30');
    await waitFor(() => expect(urlParams()).toEqual({ size: '30' }));
    await waitFor(() => expect(lastQuery(api.calls)).toMatchObject({ page: '1', size: '30' }));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('a column header sorts ascending, then descending, and goes back to page 1', async () => {
    const user = userEvent.setup();
    thingsServer();
    renderList('/things?page=3&sort=id:asc');
    await screen.findByText('Thing 20');
    const header = () => screen.getByRole('columnheader', { name: /Full name/ });
    expect(header().getAttribute('aria-sort')).toBeNull();
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(urlParams()).toEqual({ sort: 'name:asc' }));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(urlParams()).toEqual({ sort: 'name:desc' }));
    expect(header().getAttribute('aria-sort')).toBe('descending');
  });

  it('a text filter reaches the URL only from 2 characters, after typing pauses; changing a filter goes back to page 1', async () => {
    const user = userEvent.setup();
    const api = thingsServer();
    renderList('/things?page=2');
    await screen.findByText('Thing 10');
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(location()));
    observer.observe(screen.getByTestId('location'), { childList: true, characterData: true, subtree: true });

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'x');
    expect(await screen.findByText('Enter at least 2 characters')).toBeTruthy();
    await user.type(search, 'y');
    await waitFor(() => expect(urlParams()).toEqual({ q: 'xy' }));
    observer.disconnect();
    expect(seen.some((url) => url.includes('q=x&') || url.endsWith('q=x')), `one letter never reached the URL: ${seen.join(' ')}`).toBe(false);
    expect(screen.queryByText('Enter at least 2 characters')).toBeNull();
    await waitFor(() => expect(lastQuery(api.calls)).toMatchObject({ q: 'xy', page: '1' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ACTIVE');
    await waitFor(() => expect(urlParams()).toEqual({ q: 'xy', status: 'ACTIVE' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(urlParams()).toEqual({}));
    expect((search as HTMLInputElement).value).toBe('');
  });
});

describe('ListPage: the columns a user shows, the filters folded away', () => {
  const wide: Column<Thing>[] = [
    { key: 'id', labelKey: 'samples.code', pinned: true, width: 100 },
    { key: 'name', labelKey: 'users.full_name', sortField: 'name' },
    { key: 'extra', labelKey: 'samples.model', hiddenByDefault: true, render: (r) => `model of ${r.name}` },
  ];
  const headers = () => screen.getAllByRole('columnheader').map((th) => th.getAttribute('data-column'));
  const renderWide = (folded: FilterSpec[] = []) =>
    renderInApp(<ListPage<Thing> titleKey="menu.users" route={THINGS} columns={wide} filters={folded} rowKey={(r) => r.id} />, '/things');

  it('the column chooser shows a hidden column and hides another, at once and again on the next visit, for this user only', async () => {
    const user = userEvent.setup();
    thingsServer();
    const me = signedInAs([]);
    const view = renderWide();
    await screen.findByText('Thing 0');
    expect(headers()).toEqual(['id', 'name']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect((screen.getByRole('checkbox', { name: 'Sample ID' }) as HTMLInputElement).disabled, 'a key column always shows').toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Model name' }));
    await user.click(screen.getByRole('checkbox', { name: 'Full name' }));
    expect(headers()).toEqual(['id', 'extra']);
    expect(screen.getByText('model of Thing 0')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(`rfid.columns.${me.user.id}./things`)!)).toEqual(['name']);

    view.unmount();
    renderWide();
    await screen.findByText('model of Thing 0');
    expect(headers()).toEqual(['id', 'extra']);

    // another user signed in on this browser starts from the defaults
    view.unmount();
    cleanup();
    localStorage.setItem('rfid.user', JSON.stringify({ ...me, user: { ...me.user, id: '00000000-0000-4000-8000-000000000099' } }));
    renderWide();
    await screen.findByText('Thing 0');
    expect(headers()).toEqual(['id', 'name']);
  });

  it('"More filters" folds the less used filters away and counts those in use', async () => {
    const user = userEvent.setup();
    thingsServer();
    signedInAs([]);
    renderInApp(
      <ListPage<Thing>
        titleKey="menu.users"
        route={THINGS}
        columns={columns}
        filters={[filters[0]!, { ...filters[1]!, folded: true }, { name: 'kind', labelKey: 'samples.side', type: 'select', options: [{ value: 'LEFT', label: 'Left' }], folded: true }]}
        rowKey={(r) => r.id}
      />,
      '/things?status=LOCKED',
    );
    await screen.findByText('Thing 0');
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    const more = screen.getByRole('button', { name: /More filters/ });
    expect(more.textContent).toBe('More filters1');
    await user.click(more);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'LEFT');
    await waitFor(() => expect(screen.getByRole('button', { name: /Fewer filters/ }).textContent).toBe('Fewer filters2'));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('LOCKED');
  });
});
