import { Button, Code, Dialog, DialogBody, DialogFooter, Spinner, Tag } from '@blueprintjs/core';
import { type SystemLogDetail, type SystemLogEntry } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Column } from '../../components/list/DataTable';
import { ListPage } from '../../components/list/ListPage';
import { formatDateTime } from '../../i18n/format';

/** A date filter (YYYY-MM-DD, local) as the start or the end of that day, in ISO form. */
function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** "user · 57465656": the record's kind and the start of its id; the full id is in the tooltip and the detail. */
function shortTarget(e: SystemLogEntry): string {
  const id = e.streamId.startsWith(`${e.streamType}-`) ? e.streamId.slice(e.streamType.length + 1) : e.streamId;
  return `${e.streamType} · ${id.slice(0, 8)}`;
}

/** The event store as an activity log, with the event's data and metadata on click. */
export default function SystemLogPage() {
  const [openId, setOpenId] = useState<number>();
  const { data: actions } = useSWR<string[]>('/system-logs/actions');

  const columns: Column<SystemLogEntry>[] = [
    { key: 'recordedAt', labelKey: 'system_log.time', sortField: 'recordedAt', render: (e) => formatDateTime(e.recordedAt) },
    { key: 'actor', labelKey: 'system_log.actor', render: (e) => e.actor.name ?? e.actor.kind },
    { key: 'action', labelKey: 'system_log.action', render: (e) => <Tag minimal>{e.action}</Tag> },
    { key: 'streamId', labelKey: 'system_log.target', render: (e) => <span title={e.streamId}>{shortTarget(e)}</span> },
    { key: 'summary', labelKey: 'system_log.summary', className: 'summary-col' },
  ];

  return (
    <>
      <ListPage<SystemLogEntry>
        titleKey="menu.system_log"
        endpoint="/system-logs"
        columns={columns}
        defaultSort="recordedAt:desc"
        rowKey={(e) => String(e.id)}
        onRowClick={(e) => setOpenId(e.id)}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'actor', labelKey: 'system_log.actor', type: 'text' },
          { name: 'action', labelKey: 'system_log.action', type: 'select', options: (actions ?? []).map((a) => ({ value: a, label: a })) },
          { name: 'from', labelKey: 'system_log.from', type: 'date' },
          { name: 'to', labelKey: 'system_log.to', type: 'date' },
        ]}
        toQuery={(f) => ({ ...f, from: dayBound(f.from, false), to: dayBound(f.to, true) })}
      />
      <EventDialog id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}

function EventDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useSWR<SystemLogDetail>(id ? `/system-logs/${id}` : null);
  return (
    <Dialog isOpen={id !== undefined} onClose={onClose} title={t('system_log.detail')} className="wide-dialog">
      <DialogBody>
        {!data ? (
          <Spinner size={24} />
        ) : (
          <>
            <dl className="detail-list">
              <dt>{t('system_log.time')}</dt>
              <dd>{formatDateTime(data.recordedAt)}</dd>
              <dt>{t('system_log.actor')}</dt>
              <dd>{data.actor.name ?? data.actor.kind}</dd>
              <dt>{t('system_log.action')}</dt>
              <dd>{data.action}</dd>
              <dt>{t('system_log.target')}</dt>
              <dd>
                {data.streamId} · v{data.streamVersion}
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
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
