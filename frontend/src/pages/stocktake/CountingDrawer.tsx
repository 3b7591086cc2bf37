import { Classes, Drawer, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import type { CountingDetail, CountingTagView } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { DetailRow } from '../../components/DetailRow';
import { DataTable, type Column } from '../../components/list/DataTable';
import { errorMessage } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { countingApiPath } from './stocktake-api';

const KIND_INTENTS: Record<CountingTagView['kind'], Intent> = { SAMPLE: 'primary', PRODUCT: 'success', UNKNOWN: 'warning' };

/** When a count stopped, or that it still counts. */
export function CountingStopped({ stoppedAt }: { stoppedAt: string | null }) {
  const { t } = useTranslation();
  return stoppedAt ? (
    <>{formatDateTime(stoppedAt)}</>
  ) : (
    <Tag minimal intent="success" icon="feed" data-testid="counting-open">
      {t('counting.counting_now')}
    </Tag>
  );
}

/** One quick count beside its list: the reader, who and where, when, its figures and every tag it counted. */
export function CountingDrawer({ countingId, onClose }: { countingId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: counting, error } = useSWR<CountingDetail>(countingId ? countingApiPath(countingId) : null);
  const tagColumns: Column<CountingTagView>[] = [
    { key: 'epc', labelKey: 'counting.epc', render: (g) => <code>{g.epc}</code> },
    { key: 'kind', labelKey: 'counting.kind', render: (g) => <Tag minimal intent={KIND_INTENTS[g.kind]}>{t(`counting.kind_${g.kind}`)}</Tag> },
    { key: 'code', labelKey: 'counting.item_code', render: (g) => g.code ?? '' },
    { key: 'name', labelKey: 'counting.item_name', render: (g) => g.name ?? '' },
    { key: 'at', labelKey: 'counting.seen_at', render: (g) => formatDateTime(g.at) },
  ];
  return (
    <Drawer isOpen={!!countingId} onClose={onClose} title={counting ? t('counting.detail_of', { reader: counting.readerName }) : t('counting.detail')} icon="numerical" size="min(820px, 100vw)">
      <div className={`${Classes.DRAWER_BODY} reader-drawer`} data-testid="counting-drawer">
        {error ? (
          <NonIdealState icon="error" title={errorMessage(error)} />
        ) : !counting ? (
          <Spinner className="page-spinner" />
        ) : (
          <>
            <dl className="detail-list">
              <DetailRow label={t('counting.reader')}>{`${counting.readerName} (${counting.readerCode})`}</DetailRow>
              <DetailRow label={t('counting.user')}>{counting.userName}</DetailRow>
              <DetailRow label={t('counting.zone')}>{counting.zoneName}</DetailRow>
              <DetailRow label={t('counting.started_at')}>{formatDateTime(counting.startedAt)}</DetailRow>
              <DetailRow label={t('counting.stopped_at')}>
                <CountingStopped stoppedAt={counting.stoppedAt} />
              </DetailRow>
              <DetailRow label={t('counting.figures')}>
                {t('counting.figures_text', {
                  tags: formatNumber(counting.tagCount),
                  samples: formatNumber(counting.samples),
                  products: formatNumber(counting.products),
                  unknown: formatNumber(counting.unknown),
                })}
              </DetailRow>
            </dl>
            <section data-testid="counting-tags">
              <h3>{t('counting.tags', { count: counting.tags.length })}</h3>
              <DataTable columns={tagColumns} rows={counting.tags} rowKey={(g) => g.epc} />
            </section>
          </>
        )}
      </div>
    </Drawer>
  );
}
