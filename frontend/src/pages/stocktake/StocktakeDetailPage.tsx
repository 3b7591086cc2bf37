import { Card } from '@blueprintjs/core';
import { STOCKTAKE_FIELDS, type StocktakeDetail } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../../api/client';
import { usePageTitleDetail } from '../../app/page-title';
import { PATHS } from '../../app/route-table';
import { DetailRow } from '../../components/DetailRow';
import { useFieldViews } from '../../components/fields/field-views';
import { refreshList } from '../../components/list/list-state';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { STOCKTAKES_ENDPOINT, stocktakeApiPath, stocktakeLinesPath } from './stocktake-api';
import { StocktakeActions } from './StocktakeActions';
import { StocktakeLines } from './StocktakeLines';
import { newerStocktake, useStocktakeProgress } from './stocktake-progress';
import { StocktakeStatusTag } from './StocktakeStatusTag';
import { StocktakeTotals } from './StocktakeTotals';
import { RecordPageState } from '../../components/RecordPageState';
import { PageHeader } from '../../components/PageHeader';

/** Who counts where, when it started and closed, and what closing corrected. */
function StocktakeFacts({ stocktake }: { stocktake: StocktakeDetail }) {
  const { t } = useTranslation();
  const { details } = useFieldViews<StocktakeDetail>(STOCKTAKE_FIELDS);
  const c = stocktake.corrections;
  return (
    <Card>
      <h3>{t('stocktake.details')}</h3>
      <dl className="detail-list" data-testid="stocktake-details">
        {details(stocktake).map((d) => (
          <DetailRow key={d.key} label={d.label}>
            {d.value}
          </DetailRow>
        ))}
        <DetailRow label={t('stocktake.created_by')}>{stocktake.createdBy.name}</DetailRow>
        <DetailRow label={t('common.created_at')}>{formatDateTime(stocktake.createdAt)}</DetailRow>
        <DetailRow label={t('stocktake.updated_by')}>{stocktake.updatedBy.name}</DetailRow>
        <DetailRow label={t('common.updated_at')}>{formatDateTime(stocktake.updatedAt)}</DetailRow>
        <DetailRow label={t('stocktake.started_at')}>{stocktake.startedAt && formatDateTime(stocktake.startedAt)}</DetailRow>
        <DetailRow label={t('stocktake.closed_at')}>{stocktake.closedAt && formatDateTime(stocktake.closedAt)}</DetailRow>
        {c && (
          <DetailRow label={t('stocktake.corrections')}>
            {t('stocktake.corrections_done', { moved: formatNumber(c.moved), missing: formatNumber(c.markedMissing), adjusted: formatNumber(c.stockAdjusted) })}
          </DetailRow>
        )}
      </dl>
    </Card>
  );
}

/**
 * A stocktake on its own page: its status and the steps the user may take, its totals (live while it
 * counts, from its pushes), what it is about, and its result lines with their filters.
 */
export default function StocktakeDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const key = stocktakeApiPath(id);
  const linesEndpoint = stocktakeLinesPath(id);
  const { data: stocktake, error, mutate } = useSWR<StocktakeDetail>(key);
  useStocktakeProgress(key, linesEndpoint, stocktake?.id);
  usePageTitleDetail(stocktake?.code);

  if (error || !stocktake) return <RecordPageState error={error} notFoundKey="stocktake.not_found" back={{ to: PATHS.stocktaking, labelKey: 'stocktake.back_to_list' }} />;

  /** After a step: the stocktake as answered (or read again) unless a push has shown a later one, its lines and the list read anew. */
  const changed = async (next: StocktakeDetail | undefined) => {
    const answered = next ?? (await api<StocktakeDetail>(key));
    await Promise.all([
      mutate((shown) => newerStocktake(shown, answered), { revalidate: false }),
      refreshList(linesEndpoint),
      refreshList(STOCKTAKES_ENDPOINT),
    ]);
  };

  return (
    <div className="stocktake-detail">
      <PageHeader back={{ to: PATHS.stocktaking, labelKey: 'menu.stocktaking' }} crumb={stocktake.code} testId="stocktake-title" title={<>{stocktake.code} <StocktakeStatusTag status={stocktake.status} /></>} />
      <StocktakeActions stocktake={stocktake} onChanged={changed} />
      <StocktakeTotals totals={stocktake.totals} />
      <div className="ticket-sections">
        <StocktakeFacts stocktake={stocktake} />
        <StocktakeLines stocktake={stocktake} />
      </div>
    </div>
  );
}
