import { Button, Card, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { decodeSgtin96, P, type SampleHistoryEntry } from '@rfid/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, ApiError } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { SampleFormDialog, SAMPLES_ENDPOINT, useSampleForm } from './SampleFormDialog';
import type { SampleRow } from './sample-types';

const LIST_PATH = '/sample-management/sample-list';

/** The fields a SampleUpdated event may change, in the form's order, with their label keys. */
const TRACKED_FIELDS: [keyof SampleRow, string][] = [
  ['sampleCode', 'samples.code'],
  ['name', 'samples.name'],
  ['modelName', 'samples.model'],
  ['artNumber', 'samples.art'],
  ['seasonId', 'samples.season'],
  ['stageId', 'samples.stage'],
  ['typeId', 'samples.type'],
  ['sizeId', 'samples.size'],
  ['genderId', 'samples.gender'],
  ['side', 'samples.side'],
  ['color', 'samples.color'],
  ['categoryId', 'samples.category'],
  ['customerId', 'samples.customer'],
  ['currentZoneId', 'samples.zone'],
];

type EventData = Record<string, unknown>;

/**
 * A sample on its own page (/sample-management/sample-list/{id}): every field, its tag (decoded when
 * it is SGTIN-96), and its whole event history as a timeline, with edit, link and delete at hand.
 */
export default function SampleDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const { data: sample, error, mutate } = useSWR<SampleRow>(`${SAMPLES_ENDPOINT}/${id}`);
  const { data: history, mutate: mutateHistory } = useSWR<SampleHistoryEntry[]>(sample ? `${SAMPLES_ENDPOINT}/${id}/history` : null);

  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <NonIdealState
        icon={missing ? 'search' : 'error'}
        title={missing ? t('samples.not_found') : t('errors:INTERNAL_ERROR')}
        action={<Link to={LIST_PATH}>{t('samples.back_to_list')}</Link>}
      />
    );
  }
  if (!sample) return <Spinner className="page-spinner" />;

  const refresh = async () => {
    await Promise.all([mutate(), mutateHistory()]);
  };
  const remove = async () => {
    if (!(await confirm({ message: t('samples.delete_confirm', { code: sample.sampleCode }), intent: 'danger' }))) return;
    try {
      await api(`${SAMPLES_ENDPOINT}/${sample.id}`, { method: 'DELETE' });
      showSuccess(t('samples.deleted'));
      navigate(LIST_PATH);
    } catch (err) {
      showError(err);
    }
  };
  const sgtin = sample.currentTagCode ? decodeSgtin96(sample.currentTagCode) : undefined;
  const side = sample.side ? t(`samples.side_${sample.side}`) : null;
  const details: [string, ReactNode][] = [
    ['samples.code', sample.sampleCode],
    ['samples.name', sample.name],
    ['samples.model', sample.modelName],
    ['samples.art', sample.artNumber],
    ['samples.season', sample.seasonName],
    ['samples.stage', sample.stageName],
    ['samples.type', sample.typeName],
    ['samples.size', sample.sizeName],
    ['samples.gender', sample.genderName],
    ['samples.side', side],
    ['samples.color', sample.color],
    ['samples.category', sample.categoryName],
    ['samples.customer', sample.customerName],
    ['samples.zone', sample.zoneName],
    ['samples.usage', formatNumber(sample.usageCount)],
    ['common.created_at', formatDateTime(sample.createdAt)],
    ['common.updated_at', formatDateTime(sample.updatedAt)],
  ];

  return (
    <div className="sample-detail">
      <div className="page-head">
        <div>
          <Link to={LIST_PATH} className="back-link">
            ← {t('menu.sample_list')}
          </Link>
          <h1 data-testid="sample-title">
            {sample.sampleCode} · {sample.name}
          </h1>
        </div>
        <div className="page-actions">
          {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && <Button icon="edit" text={t('common.edit')} onClick={() => setEditing(true)} data-testid="edit" />}
          {!sample.currentTagCode && can(P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK) && (
            <Button icon="link" text={t('samples.link_tag')} onClick={() => navigate(`/sample-management/link?sampleId=${sample.id}`)} data-testid="link-tag" />
          )}
          {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && (
            <Tooltip content={sample.currentTagCode ? t('errors:SAMPLE_LINKED') : t('common.delete')}>
              <Button icon="trash" intent="danger" text={t('common.delete')} disabled={!!sample.currentTagCode} onClick={() => void remove()} />
            </Tooltip>
          )}
        </div>
      </div>
      <div className="detail-columns">
        <Card>
          <h3>{t('samples.details')}</h3>
          <dl className="detail-list" data-testid="sample-details">
            {details.map(([label, value]) => (
              <Field key={label} label={t(label)} value={value} />
            ))}
          </dl>
          <h3>{t('samples.tag')}</h3>
          {sample.currentTagCode ? (
            <dl className="detail-list">
              <Field label={t('rfid.code')} value={<Tag intent="primary" minimal>{sample.currentTagCode}</Tag>} />
              {sgtin && <Field label={t('rfid.sgtin')} value={`${sgtin.companyPrefix}.${sgtin.itemReference}.${sgtin.serial}`} />}
            </dl>
          ) : (
            <p className="muted">{t('samples.linked_false')}</p>
          )}
        </Card>
        <Card>
          <h3>{t('samples.history')}</h3>
          {history ? <Timeline entries={history} /> : <Spinner size={24} />}
        </Card>
      </div>
      <SampleFormDialog editing={editing ? { mode: 'edit', sample } : undefined} onClose={() => setEditing(false)} onSaved={refresh} />
      {confirmElement}
    </div>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? <span className="muted">—</span> : value}</dd>
    </>
  );
}

/** The sample's events, newest first: what happened, who did it and when; an update names the fields it changed. */
function Timeline({ entries }: { entries: SampleHistoryEntry[] }) {
  const { t } = useTranslation();
  const { options, sides } = useSampleForm();
  const labelOf = (field: keyof SampleRow, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    const choices = field === 'side' ? sides : (options as Record<string, { value: string; label: string }[]>)[field];
    return choices?.find((o) => o.value === value)?.label ?? String(value);
  };
  // Each update is compared with the sample's fields as the event before it left them.
  let previous: EventData | undefined;
  const described = entries.map((e) => {
    const data = (e.data ?? {}) as EventData;
    let detail: ReactNode = null;
    switch (e.action) {
      case 'SampleUpdated': {
        const changed = TRACKED_FIELDS.filter(([f]) => previous && previous[f] !== data[f]);
        detail = (
          <ul className="timeline-changes">
            {changed.map(([f, label]) => (
              <li key={f}>
                {t(label)}: {labelOf(f, previous?.[f])} → {labelOf(f, data[f])}
              </li>
            ))}
          </ul>
        );
        previous = data;
        break;
      }
      case 'SampleRegistered':
        previous = data;
        break;
      case 'TagLinked':
      case 'TagUnlinked':
        detail = data.reason ? t('samples.event_reason', { reason: data.reason }) : null;
        break;
    }
    return { e, data, detail };
  });
  if (described.length === 0) return <p className="muted">{t('common.no_data')}</p>;
  return (
    <ol className="timeline" data-testid="history">
      {described.reverse().map(({ e, data, detail }) => (
        <li key={e.id} data-action={e.action}>
          <span className="timeline-time muted">{formatDateTime(e.recordedAt)}</span>
          <strong>{t(`samples.event_${e.action}`, { defaultValue: e.action, tag: data.tagCode })}</strong>
          <span className="muted"> · {e.actor.name ?? e.actor.kind}</span>
          {detail && <div className="muted">{detail}</div>}
        </li>
      ))}
    </ol>
  );
}
