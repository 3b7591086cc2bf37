import { useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { fetcher, setUnauthorizedHandler } from '../api/client';
import { AuthProvider, useAuth } from '../auth/auth-context';
import { getSession } from '../auth/session';
import { LoginPage } from '../pages/LoginPage';
import { NoAccessPage, NotFoundPage } from '../pages/BlankPages';
import { SettingsProvider } from '../settings/display-settings';
import { PublicSettingsProvider } from '../settings/system-settings';
import { loginPath, PATHS } from './route-table';
import { ROUTES } from './routes';
import { Shell } from './Shell';
import { RealtimeProvider } from './realtime';
import { TitledPage } from './page-title';

/**
 * A data router holding one route for every path, whose element is the app's own route table (it
 * depends on the user's permissions). Being a data router lets a page block a navigation, the browser's
 * back button included (`useBlocker`: a form with unsaved changes).
 */
export function App() {
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '*',
        element: (
          <AuthProvider>
            <SWRConfig value={{ fetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
              <AppRoutes />
            </SWRConfig>
          </AuthProvider>
        ),
      },
    ]),
  );
  return (
    <SettingsProvider>
      <RouterProvider router={router} />
    </SettingsProvider>
  );
}

/** Goes to /login on a 401/403, remembering the page to come back to. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname === PATHS.login) return;
      navigate(loginPath(window.location.pathname + window.location.search), { replace: true });
    });
  }, [navigate, location]);
  return null;
}

function RequireSession({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const location = useLocation();
  if (!signedIn || !getSession()) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}

export function AppRoutes() {
  const { can, signedIn } = useAuth();
  // A route is registered only when the user holds its permission.
  const routes = signedIn ? ROUTES.filter((r) => !r.permission || can(r.permission)) : [];
  const home = routes.find((r) => r.path === PATHS.dashboard);
  const firstPage = routes.find((r) => r.path !== PATHS.notifications);
  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route
          path={PATHS.login}
          element={
            <PublicSettingsProvider>
              <LoginPage />
            </PublicSettingsProvider>
          }
        />
        <Route
          element={
            <RequireSession>
              <RealtimeProvider>
                <PublicSettingsProvider>
                  <Shell routes={routes} />
                </PublicSettingsProvider>
              </RealtimeProvider>
            </RequireSession>
          }
        >
          {routes.map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={
                <TitledPage titleKey={r.titleKey}>
                  <r.component />
                </TitledPage>
              }
            />
          ))}
          {!home && <Route path={PATHS.dashboard} element={firstPage ? <Navigate to={firstPage.path} replace /> : <NoAccessPage />} />}
        </Route>
        {/* With no session every other path goes to /login, and comes back after sign-in. */}
        <Route path="*" element={signedIn ? <NotFoundPage /> : <RequireSession>{null}</RequireSession>} />
      </Routes>
    </>
  );
}
