import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';

/**
 * What a record's page shows while it has no record to show: the spinner while it loads; "not found"
 * for an id that names none (a deleted record, a mistyped link: 404, or 400 for what is not an id);
 * otherwise the error. Either way, a way back to the list.
 */
export function RecordPageState({ error, notFoundKey, back }: { error: unknown; notFoundKey: string; back: { to: string; labelKey: string } }) {
  const { t } = useTranslation();
  if (!error) return <Spinner className="page-spinner" />;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return <NonIdealState icon={missing ? 'search' : 'error'} title={missing ? t(notFoundKey) : t('an_error_occurred')} action={<Link to={back.to}>{t(back.labelKey)}</Link>} />;
}
