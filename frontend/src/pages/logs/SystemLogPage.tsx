import { Button, Code, Dialog, DialogBody, DialogFooter, Spinner, Tag } from '@blueprintjs/core';
import { SYSTEM_LOG_COLUMNS, apiPath, API, type SystemLogActionOption, type SystemLogDetail, type SystemLogEntry } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { screenColumns } from '../../components/list/screen-columns';
import { ListPage } from '../../components/list/ListPage';
import { formatDateTime } from '../../i18n/format';
import { dateRangeFilters } from '../../components/list/FilterBar';

/** Who acted: the user's name, or "System" for what the system did by itself. */
function Actor({ actor }: { actor: SystemLogEntry['actor'] }) {
  const { t } = useTranslation();
  return <>{actor.name ?? t(`system_log.actor_${actor.kind === 'user' ? 'user' : 'system'}`)}</>;
}

/** The record acted on, by its kind and its name ("Supplier Nike VN"); the start of its id when it has no name any more. */
function RecordName({ entry }: { entry: SystemLogEntry }) {
  return (
    <span title={entry.streamId}>
      <span className="muted">{entry.record.kind}</span> {entry.record.name ?? entry.record.id.slice(0, 8)}
    </span>
  );
}

/** The event store as an activity log in the user's language: who did what to which record, when; the event itself on click. */
export default function SystemLogPage() {
  const [openId, setOpenId] = useState<number>();
  const { data: actions } = useSWR<SystemLogActionOption[]>(API.systemLogs.actions.path);

  const columns = screenColumns<SystemLogEntry, typeof SYSTEM_LOG_COLUMNS>(SYSTEM_LOG_COLUMNS, {
    recordedAt: { render: (e) => formatDateTime(e.recordedAt) },
    actor: { render: (e) => <Actor actor={e.actor} /> },
    action: { render: (e) => <Tag minimal>{e.actionLabel}</Tag> },
    record: { render: (e) => <RecordName entry={e} /> },
    summary: { className: 'summary-col', render: (e) => <span title={e.summary}>{e.summary}</span> },
  });

  return (
    <>
      <ListPage<SystemLogEntry>
        route={API.systemLogs.list}
        columns={columns}
        rowKey={(e) => String(e.id)}
        onRowClick={(e) => setOpenId(e.id)}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'actor', labelKey: 'system_log.actor', type: 'text' },
          { name: 'action', labelKey: 'system_log.action', type: 'select', options: (actions ?? []).map((a) => ({ value: a.action, label: a.label })) },
          ...dateRangeFilters('system_log'),
        ]}
      />
      <EventDialog id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}

/** One event as the list says it, with its raw data, metadata and hash folded away for whoever needs them. */
function EventDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useSWR<SystemLogDetail>(id ? apiPath(API.systemLogs.detail, { id }) : null);
  return (
    <Dialog isOpen={id !== undefined} onClose={onClose} title={t('system_log.detail')} className="wide-dialog">
      <DialogBody>
        {!data ? (
          <Spinner size={24} />
        ) : (
          <>
            <dl className="detail-list" data-testid="event-summary">
              <dt>{t('system_log.time')}</dt>
              <dd>{formatDateTime(data.recordedAt)}</dd>
              <dt>{t('system_log.actor')}</dt>
              <dd>
                <Actor actor={data.actor} />
              </dd>
              <dt>{t('system_log.action')}</dt>
              <dd>{data.actionLabel}</dd>
              <dt>{t('system_log.target')}</dt>
              <dd>
                <RecordName entry={data} />
              </dd>
              {data.summary && (
                <>
                  <dt>{t('system_log.summary')}</dt>
                  <dd>{data.summary}</dd>
                </>
              )}
            </dl>
            <details className="raw-event" data-testid="raw-event">
              <summary>{t('system_log.raw')}</summary>
              <dl className="detail-list">
                <dt>{t('system_log.event_type')}</dt>
                <dd>
                  <Code>{data.action}</Code>
                </dd>
                <dt>{t('system_log.stream')}</dt>
                <dd>
                  <Code>{data.streamId}</Code> · v{data.streamVersion}
                </dd>
              </dl>
              <h4>{t('system_log.data')}</h4>
              <pre className="json-block" data-testid="event-data">
                {JSON.stringify(data.data, null, 2)}
              </pre>
              <h4>{t('system_log.metadata')}</h4>
              <pre className="json-block">{JSON.stringify(data.metadata, null, 2)}</pre>
              <p className="muted hash">
                {t('system_log.hash')}: <Code>{data.hash}</Code>
              </p>
            </details>
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
