import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * A page's title and, on its right, the page's actions (buttons). A record's page has a way `back` to
 * its list above its title; `testId` names the title for the tests.
 */
export function PageHeader({ title, children, back, testId }: { title: ReactNode; children?: ReactNode; back?: { to: string; labelKey: string }; testId?: string }) {
  const { t } = useTranslation();
  const heading = <h1 data-testid={testId}>{title}</h1>;
  return (
    <div className="page-head">
      {back ? (
        <div>
          <Link to={back.to} className="back-link">
            ← {t(back.labelKey)}
          </Link>
          {heading}
        </div>
      ) : (
        heading
      )}
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}
