import { Button, Card, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { API, apiPath, decodeSgtin96, P, SAMPLE_FIELDS, type SampleDetail, type SamplePlace, type SampleTimelineEntry, type SampleView } from '@rfid/contracts';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { call } from '../../api/client';
import { usePageTitleDetail } from '../../app/page-title';
import { linkSamplePath, PATHS, ticketPath } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { DetailRow } from '../../components/DetailRow';
import { useFieldViews } from '../../components/fields/field-views';
import { TagLastSeenView } from '../../components/TagLastSeen';
import { showError, showSuccess } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { SampleFormDialog } from './SampleFormDialog';
import { SampleTimeline } from './SampleTimeline';
import { RecordPageState } from '../../components/RecordPageState';
import { PageHeader } from '../../components/PageHeader';

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
  const fields = useFieldViews<SampleView>(SAMPLE_FIELDS);
  const { data: sample, error, mutate } = useSWR<SampleDetail>(apiPath(API.samples.detail, { id: id! }));
  const { data: history, mutate: mutateHistory } = useSWR<SampleTimelineEntry[]>(sample ? apiPath(API.samples.history, { id: id! }) : null);
  usePageTitleDetail(sample?.sampleCode);

  if (error || !sample) return <RecordPageState error={error} notFoundKey="samples.not_found" back={{ to: PATHS.sampleList, labelKey: 'samples.back_to_list' }} />;

  const refresh = async () => {
    await Promise.all([mutate(), mutateHistory()]);
  };
  const remove = async () => {
    if (!(await confirm({ message: t('samples.delete_confirm', { code: sample.sampleCode }), intent: 'danger' }))) return;
    try {
      await call(API.samples.remove, { params: { id: sample.id } });
      showSuccess(t('samples.deleted'));
      navigate(PATHS.sampleList);
    } catch (err) {
      showError(err);
    }
  };
  const sgtin = sample.currentTagCode ? decodeSgtin96(sample.currentTagCode) : undefined;
  const details: { key: string; label: string; value: ReactNode }[] = [
    { key: 'place', label: t('samples.place'), value: <SamplePlaceView place={sample.place} /> },
    ...fields.details(sample),
    {
      key: 'usageCount',
      label: t('samples.usage'),
      value: (
        <span data-testid="sample-usage">
          {formatNumber(sample.usageCount)} <span className="muted">({t('samples.usage_explained', { links: formatNumber(sample.usage.links), loans: formatNumber(sample.usage.loans) })})</span>
        </span>
      ),
    },
    { key: 'createdAt', label: t('common.created_at'), value: formatDateTime(sample.createdAt) },
    { key: 'updatedAt', label: t('common.updated_at'), value: formatDateTime(sample.updatedAt) },
  ];

  return (
    <div className="sample-detail">
      <PageHeader back={{ to: PATHS.sampleList, labelKey: "menu.sample_list" }} crumb={sample.sampleCode} testId="sample-title" title={`${sample.sampleCode} · ${sample.name}`}>
          {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && <Button icon="edit" text={t('common.edit')} onClick={() => setEditing(true)} data-testid="edit" />}
          {!sample.currentTagCode && can(P.SAMPLE_MANAGEMENT_RFID_LINKING_LINK) && (
            <Button icon="link" text={t('samples.link_tag')} onClick={() => navigate(linkSamplePath(sample.id))} data-testid="link-tag" />
          )}
          {can(P.SAMPLE_MANAGEMENT_SAMPLE_UPDATE) && (
            <Tooltip content={sample.currentTagCode ? t('errors:SAMPLE_LINKED') : t('common.delete')}>
              <Button icon="trash" intent="danger" text={t('common.delete')} disabled={!!sample.currentTagCode} onClick={() => void remove()} />
            </Tooltip>
          )}
      </PageHeader>
      <div className="detail-columns">
        <Card>
          <h3>{t('samples.details')}</h3>
          <dl className="detail-list" data-testid="sample-details">
            {details.map((d) => (
              <DetailRow key={d.key} label={d.label}>
                {d.value}
              </DetailRow>
            ))}
          </dl>
          <h3>{t('samples.tag')}</h3>
          {sample.currentTagCode ? (
            <dl className="detail-list">
              <DetailRow label={t('rfid.code')}>
                <Tag intent="primary" minimal>
                  {sample.currentTagCode}
                </Tag>
              </DetailRow>
              {sgtin && <DetailRow label={t('rfid.sgtin')}>{`${sgtin.companyPrefix}.${sgtin.itemReference}.${sgtin.serial}`}</DetailRow>}
              <DetailRow label={t('rfid.last_seen')}>
                <TagLastSeenView seen={sample.currentTagLastSeen} />
              </DetailRow>
            </dl>
          ) : (
            <p className="muted">{t('samples.linked_false')}</p>
          )}
        </Card>
        <Card>
          <h3>{t('samples.history')}</h3>
          {history ? <SampleTimeline entries={history} /> : <Spinner size={24} />}
        </Card>
      </div>
      <SampleFormDialog editing={editing ? { mode: 'edit', sample } : undefined} onClose={() => setEditing(false)} onSaved={refresh} />
      {confirmElement}
    </div>
  );
}

/** Where the sample is now: in a zone (since a ticket brought it back), or out on a ticket since then, made by whom. */
function SamplePlaceView({ place }: { place: SamplePlace }) {
  const { t } = useTranslation();
  if (place.state === 'IN') {
    const zone = place.zoneName ?? '—';
    return <span data-testid="sample-place" data-state="IN">{place.since ? t('samples.place_in_since', { zone, since: formatDateTime(place.since) }) : t('samples.place_in', { zone })}</span>;
  }
  return (
    <span data-testid="sample-place" data-state="OUT">
      <Tag intent="warning" minimal>
        <Trans i18nKey="samples.place_out" values={{ ticket: place.ticketCode, since: formatDateTime(place.since!) }} components={{ link: <Link to={ticketPath('EXPORT', 'INTERNAL', place.ticketId!)} /> }} />
      </Tag>
      {place.by && <div className="muted">{t('samples.place_out_by', { by: place.by })}{place.note ? ` · ${place.note}` : ''}</div>}
    </span>
  );
}
