import { Button, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { UI_CONSTANTS } from '@rfid/contracts';
import { HeaderBar } from './HeaderBar';
import type { RouteEntry } from './route-table';
import { usePublicSettings } from '../settings/system-settings';
import { Sidebar } from './Sidebar';

const isNarrow = () => window.innerWidth < UI_CONSTANTS.SIDEBAR_AUTO_COLLAPSE_PX;

/** The signed-in layout: sidebar, sticky header, page, footer, scroll-to-top. Below 1024 px the sidebar starts closed and closes after each navigation. */
export function Shell({ routes }: { routes: readonly RouteEntry[] }) {
  const { t } = useTranslation();
  const { productName } = usePublicSettings();
  const [sidebarOpen, setSidebarOpen] = useState(() => !isNarrow());
  const [showScrollTop, setShowScrollTop] = useState(false);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setShowScrollTop(window.scrollY > UI_CONSTANTS.SCROLL_TOP_AFTER_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const onResize = () => setSidebarOpen((open) => (isNarrow() ? false : open));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // Narrow screens: the sidebar closes after each navigation.
  useEffect(() => {
    if (isNarrow()) setSidebarOpen(false);
  }, [location.pathname]);

  return (
    <div className={`app-shell${sidebarOpen ? ' sidebar-open' : ''}`}>
      <aside className="app-sidebar-wrap" aria-hidden={!sidebarOpen}>
        <div className="app-brand">{productName}</div>
        <Sidebar routes={routes} onNavigate={() => isNarrow() && setSidebarOpen(false)} />
      </aside>
      {sidebarOpen && isNarrow() && <div className="app-sidebar-backdrop" onClick={() => setSidebarOpen(false)} />}
      <div className="app-main">
        <HeaderBar onToggleSidebar={() => setSidebarOpen((o) => !o)} />
        <main className="app-content">
          <Suspense fallback={<Spinner className="page-spinner" />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer" data-testid="footer">
          © {new Date().getFullYear()} {productName}. {t('footer.rights')}
        </footer>
      </div>
      {showScrollTop && (
        <Button className="scroll-top" icon="arrow-up" intent="primary" aria-label={t('common.scroll_top')} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
      )}
    </div>
  );
}
