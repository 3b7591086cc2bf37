import { render, type RenderResult } from '@testing-library/react';
import type { MeResponse, PermissionCode } from '@rfid/contracts';
import type { ReactNode } from 'react';
import { createMemoryRouter, matchPath, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { fetcher } from '../api/client';
import { TitledPage } from '../app/page-title';
import { ROUTE_TABLE } from '../app/route-table';
import { AuthProvider } from '../auth/auth-context';
import { saveUser } from '../auth/session';

/** A signed-in user holding these permissions, as the browser keeps one in storage after sign-in. */
export function signedInAs(permissions: PermissionCode[]): MeResponse {
  const me: MeResponse = {
    user: { id: '00000000-0000-4000-8000-000000000001', username: 'tester', fullName: 'Tester', position: null, group: { id: '00000000-0000-4000-8000-000000000002', name: 'Testers' }, status: 'ACTIVE' },
    permissions,
  };
  localStorage.setItem('rfid.session', JSON.stringify({ token: 'test-token', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
  saveUser(me);
  return me;
}

/** The title the app's route table gives the screen at `url` (none for a path of no screen). */
function routeTitleOf(url: string): string {
  const pathname = url.split('?')[0]!;
  return ROUTE_TABLE.find((r) => matchPath(r.path, pathname))?.titleKey ?? '';
}

/** Shows where the router is (path and query string), for a test to read the URL state. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `element` as the app does: a router at `url` (the element answers `path`, every path by
 * default; a pattern such as `/samples/:id` gives it its parameters), the session and permissions,
 * and SWR with the API fetcher (its cache is emptied after each test).
 */
export function renderInApp(element: ReactNode, url = '/', path = '*'): RenderResult {
  // a data router, as the app's (a page may block a navigation)
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthProvider>
            <SWRConfig value={{ fetcher, dedupingInterval: 0, revalidateOnFocus: false, shouldRetryOnError: false }}>
              <Routes>
                <Route path={path} element={<TitledPage titleKey={routeTitleOf(url)}>{element}</TitledPage>} />
              </Routes>
              <LocationProbe />
            </SWRConfig>
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}
