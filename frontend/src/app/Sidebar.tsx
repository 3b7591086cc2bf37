import { Collapse, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { UI_CONSTANTS } from '@rfid/contracts';
import { MENU, PATHS, type RouteEntry } from './route-table';

/**
 * The vertical menu: the route table's groups, each collapsible and open at start, entries the user may
 * open only; a group with no visible entry is hidden. The current page is highlighted.
 */
export function Sidebar({ routes, onNavigate }: { routes: readonly RouteEntry[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <nav className="app-sidebar" style={{ width: UI_CONSTANTS.SIDEBAR_WIDTH_PX }} aria-label={t('menu.label')}>
      {MENU.map((group) => {
        const entries = group.paths.map((p) => byPath.get(p)).filter((r): r is RouteEntry => !!r);
        if (entries.length === 0) return null;
        // A group of one entry with the same name (the dashboard) is a plain link.
        if (entries.length === 1 && entries[0]!.titleKey === group.labelKey) {
          return <MenuLink key={group.key} route={entries[0]!} onNavigate={onNavigate} group={group.key} />;
        }
        const open = !closed.has(group.key);
        return (
          <div key={group.key} className="app-sidebar-group" data-menu-group={group.key}>
            <button type="button" className="app-sidebar-group-title" aria-expanded={open} onClick={() => toggle(group.key)}>
              <Icon icon={group.icon} />
              <span>{t(group.labelKey)}</span>
              <Icon icon={open ? 'chevron-down' : 'chevron-right'} className="app-sidebar-chevron" />
            </button>
            <Collapse isOpen={open} transitionDuration={UI_CONSTANTS.SUBMENU_ANIMATION_MS}>
              {entries.map((r) => (
                <MenuLink key={r.path} route={r} onNavigate={onNavigate} nested />
              ))}
            </Collapse>
          </div>
        );
      })}
    </nav>
  );
}

/** `group`: the key of the group this link stands for alone (the dashboard). */
function MenuLink({ route, onNavigate, nested, group }: { route: RouteEntry; onNavigate: () => void; nested?: boolean; group?: string }) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={route.path}
      // a list stays highlighted on its detail pages (/sample-management/sample-list/{id})
      end={route.path === PATHS.dashboard}
      onClick={onNavigate}
      data-menu-group={group}
      className={({ isActive }) => `app-sidebar-link${nested ? ' nested' : ''}${isActive ? ' active' : ''}`}
    >
      <Icon icon={route.icon} />
      <span>{t(route.titleKey)}</span>
    </NavLink>
  );
}
