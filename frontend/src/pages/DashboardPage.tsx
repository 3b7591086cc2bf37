import { Card, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS, ROUTE_TABLE } from '../app/route-table';
import { useAuth } from '../auth/auth-context';

/** The dashboard frame: a greeting and shortcuts to the pages the user may open (figures come with reporting). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { me, can } = useAuth();
  const shortcuts = ROUTE_TABLE.filter((r) => r.path !== PATHS.dashboard && !r.detail && (!r.permission || can(r.permission)));
  return (
    <div>
      <div className="page-head">
        <h1>{t('dashboard.greeting', { name: me?.user.fullName ?? '' })}</h1>
      </div>
      <p className="muted">{t('dashboard.intro')}</p>
      <div className="shortcut-grid">
        {shortcuts.map((r) => (
          <Link key={r.path} to={r.path} className="shortcut-link">
            <Card interactive elevation={1} className="shortcut">
              <Icon icon={r.icon} size={28} />
              <span>{t(r.titleKey)}</span>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
