import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { PATHS } from '../app/route-table';

/** Any unknown path, in the blank layout. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle('not_found.title');
  return (
    <div className="blank-layout" data-testid="not-found">
      <NonIdealState
        icon="search"
        title={<span className="big-code">404</span>}
        description={
          <>
            <h2>{t('not_found.title')}</h2>
            <p>{t('not_found.text')}</p>
          </>
        }
        action={
          <Link to={PATHS.dashboard}>
            <Button intent="primary" icon="home" text={t('not_found.home')} />
          </Link>
        }
      />
    </div>
  );
}

/** A signed-in user whose group grants no page at all. */
export function NoAccessPage() {
  const { t } = useTranslation();
  return <NonIdealState icon="lock" title={t('errors:FORBIDDEN')} data-testid="no-access" />;
}
