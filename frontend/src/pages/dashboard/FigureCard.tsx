import { Card, Icon, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../i18n/format';

/** One figure of the dashboard: a label, the number, and the list it counts behind a link. */
export function FigureCard({ label, value, to, icon, intent, testId, children }: { label: string; value: number; to: string; icon: IconName; intent?: Intent; testId: string; children?: ReactNode }) {
  return (
    <Card className={`figure-card${intent ? ` figure-${intent}` : ''}`} elevation={1} data-testid={testId}>
      <Link to={to} className="figure-main">
        <Icon icon={icon} size={22} className="figure-icon" />
        <span className="figure-value" data-testid={`${testId}-value`}>
          {formatNumber(value)}
        </span>
        <span className="figure-label">{label}</span>
      </Link>
      {children && <div className="figure-more">{children}</div>}
    </Card>
  );
}

/** A smaller figure under a card's main one, with its own link. */
export function SubFigure({ label, value, to, testId }: { label: string; value: number; to: string; testId: string }) {
  return (
    <Link to={to} className="sub-figure" data-testid={testId}>
      <span className="sub-figure-value">{formatNumber(value)}</span> {label}
    </Link>
  );
}
