import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MENU } from '../app/route-table';

/**
 * A page's title and, on its right, the page's actions (buttons). A record's page shows where it is
 * above its title: the menu group, its list (a link back to it) and the record (`crumb`, or the title
 * when it is text); `testId` names the title for the tests.
 */
export function PageHeader({
  title,
  children,
  back,
  crumb,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  back?: { to: string; labelKey: string };
  crumb?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const heading = <h1 data-testid={testId}>{title}</h1>;
  const group = back && MENU.find((g) => g.paths.includes(back.to));
  const current = crumb ?? (typeof title === 'string' ? title : undefined);
  return (
    <div className="page-head">
      {back ? (
        <div>
          <nav aria-label={t('common.breadcrumbs')}>
            <ul className="bp6-breadcrumbs page-breadcrumbs" data-testid="breadcrumbs">
              {group && (
                <li>
                  <span className="bp6-breadcrumb">{t(group.labelKey)}</span>
                </li>
              )}
              <li>
                <Link to={back.to} className="bp6-breadcrumb back-link">
                  {t(back.labelKey)}
                </Link>
              </li>
              {current && (
                <li>
                  <span className="bp6-breadcrumb bp6-breadcrumb-current" aria-current="page">
                    {current}
                  </span>
                </li>
              )}
            </ul>
          </nav>
          {heading}
        </div>
      ) : (
        heading
      )}
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}
