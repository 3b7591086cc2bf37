import { Button, Code, Dialog, DialogBody, DialogFooter, Icon, Intent, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { INTEGRATION_LOG_COLUMNS, apiPath, API, INTEGRATION_LOG_KINDS, INTEGRATION_LOG_OUTCOMES, P, type IntegrationLogDetail, type IntegrationLogEntry, type IntegrationLogOutcome } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useAuth } from '../../auth/auth-context';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import { formatBytes, formatDateTime, formatNumber } from '../../i18n/format';
import { readablePayload } from './payload-text';
import { enumOptions } from '../../i18n/enum-options';
import { dateRangeFilters } from '../../components/list/FilterBar';


const OUTCOME_INTENT: Record<IntegrationLogOutcome, Intent> = { OK: Intent.SUCCESS, REJECTED: Intent.WARNING, MALFORMED: Intent.DANGER, FAILED: Intent.DANGER, TIMEOUT: Intent.DANGER };

function Outcome({ outcome }: { outcome: IntegrationLogOutcome }) {
  const { t } = useTranslation();
  return (
    <Tag minimal={outcome === 'OK'} intent={OUTCOME_INTENT[outcome]}>
      {t(`integration_log.outcome_${outcome}`)}
    </Tag>
  );
}

/** In from the reader, or out to it. */
function Direction({ direction }: { direction: IntegrationLogEntry['direction'] }) {
  const { t } = useTranslation();
  const label = t(`integration_log.direction_${direction}`);
  return (
    <Tooltip content={label}>
      <Icon icon={direction === 'IN' ? 'arrow-left' : 'arrow-right'} aria-label={label} />
    </Tooltip>
  );
}

/**
 * The integration log (LOG_MANAGEMENT_INTEGRATION_LOG_*): what passed between the back-office and the
 * readers, newest first: management messages, commands and responses, connections, tag data counted
 * per reader per minute, and what was refused or not understood with the reason. Filtered by reader,
 * kind, outcome, problems only, a date range and text; an entry opens with its payload.
 */
export default function IntegrationLogPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [openId, setOpenId] = useState<number>();

  const columns = screenColumns<IntegrationLogEntry, typeof INTEGRATION_LOG_COLUMNS>(INTEGRATION_LOG_COLUMNS, {
    at: { pinned: true, width: 165, render: (e) => formatDateTime(e.at) },
    readerCode: { width: 140, render: (e) => e.readerCode ?? <span className="muted">—</span> },
    direction: { render: (e) => <Direction direction={e.direction} /> },
    kind: { render: (e) => <Tag minimal>{t(`integration_log.kind_${e.kind}`)}</Tag> },
    outcome: { render: (e) => <Outcome outcome={e.outcome} /> },
    summary: { className: 'summary-col', render: (e) => <span title={e.summary}>{e.summary}</span> },
    reason: { className: 'summary-col', render: (e) => e.reason && <span title={e.reason}>{e.reason}</span> },
    topic: { width: 240, hiddenByDefault: true, render: (e) => e.topic ?? '' },
  });

  return (
    <>
      <ListPage<IntegrationLogEntry>
        route={API.integrationLogs.list}
        columns={columns}
        rowKey={(e) => String(e.id)}
        onRowClick={can(P.LOG_MANAGEMENT_INTEGRATION_LOG_DETAIL) ? (e) => setOpenId(e.id) : undefined}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'readerId', labelKey: 'integration_log.reader', type: 'lookup', lookup: LOOKUPS.readers },
          { name: 'kind', labelKey: 'integration_log.kind', type: 'select', options: enumOptions(t, INTEGRATION_LOG_KINDS, 'integration_log.kind') },
          { name: 'outcome', labelKey: 'integration_log.outcome', type: 'select', options: enumOptions(t, INTEGRATION_LOG_OUTCOMES, 'integration_log.outcome') },
          { name: 'problems', labelKey: 'integration_log.problems', type: 'select', options: [{ value: 'true', label: t('integration_log.problems_only') }] },
          ...dateRangeFilters('system_log'),
        ]}
      />
      <EntryDialog id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}

/** One entry as the list says it, with its payload: indented when it is JSON, as it came otherwise, and its size. */
function EntryDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useSWR<IntegrationLogDetail>(id ? apiPath(API.integrationLogs.detail, { id }) : null);
  const payload = data?.payload ? readablePayload(data.payload) : undefined;
  return (
    <Dialog isOpen={id !== undefined} onClose={onClose} title={t('integration_log.detail')} className="wide-dialog">
      <DialogBody>
        {!data ? (
          <Spinner size={24} />
        ) : (
          <>
            <dl className="detail-list" data-testid="entry-summary">
              <dt>{t('integration_log.time')}</dt>
              <dd>{formatDateTime(data.at)}</dd>
              <dt>{t('integration_log.reader')}</dt>
              <dd>{data.readerCode ?? '—'}</dd>
              <dt>{t('integration_log.kind')}</dt>
              <dd>
                {t(`integration_log.kind_${data.kind}`)} · {t(`integration_log.direction_${data.direction}`)}
              </dd>
              <dt>{t('integration_log.outcome')}</dt>
              <dd>
                <Outcome outcome={data.outcome} />
              </dd>
              {data.topic && (
                <>
                  <dt>{t('integration_log.topic')}</dt>
                  <dd>
                    <Code>{data.topic}</Code>
                  </dd>
                </>
              )}
              <dt>{t('integration_log.summary')}</dt>
              <dd>{data.summary}</dd>
              {data.reason && (
                <>
                  <dt>{t('integration_log.reason')}</dt>
                  <dd>{data.reason}</dd>
                </>
              )}
              {data.count !== null && (
                <>
                  <dt>{t('integration_log.count')}</dt>
                  <dd>{formatNumber(data.count)}</dd>
                </>
              )}
            </dl>
            <h4>
              {t('integration_log.payload')}
              {data.payloadBytes !== null && <span className="muted"> · {formatBytes(data.payloadBytes)}</span>}
              {payload && !payload.json && <span className="muted"> · {t('integration_log.payload_raw')}</span>}
            </h4>
            {payload ? (
              <pre className="json-block payload-block" data-testid="entry-payload">
                {payload.text}
              </pre>
            ) : (
              <p className="muted">{t('integration_log.no_payload')}</p>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
