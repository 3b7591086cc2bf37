import { Button, Classes, Drawer, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, P, READER_TOPIC_KINDS, type ReaderCredentials, type ReaderView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api, call } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { useConfirm } from '../../components/ConfirmDialog';
import { DetailRow } from '../../components/DetailRow';
import { refreshList } from '../../components/list/list-state';
import { RelativeTime } from '../../components/RelativeTime';
import { errorMessage, showError } from '../../components/toasts';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { CredentialsDialog } from './CredentialsDialog';
import { ReaderCommands } from './ReaderCommands';
import { ReaderFormDialog } from './ReaderFormDialog';
import { ReaderUsers } from './ReaderUsers';
import { READERS_ENDPOINT, readerPath } from './reader-pushes';
import { ConnectionTag, ScanningTag } from './reader-tags';

/** "25 dBm", or "off" for an antenna at 0; a gate's antenna also the side it faces. */
function AntennaList({ reader }: { reader: ReaderView }) {
  const { t } = useTranslation();
  return (
    <span className="antenna-list">
      {reader.antennas.map((a) => (
        <Tag key={a.port} minimal intent={a.power === 0 ? 'none' : 'primary'}>
          {t('readers.port_n', { port: a.port })}: {a.power === 0 ? t('readers.antenna_off') : `${formatNumber(a.power)} dBm`}
          {a.role && ` · ${t(`readers.role_${a.role}`)}`}
        </Tag>
      ))}
    </span>
  );
}

/**
 * One reader beside its list (SECURITY_GATE_CONFIGURATION_DETAIL): its live state, kept current by
 * the pushes, the commands, its configuration and its users; edit and a new password at hand for
 * whoever may change it.
 */
export function ReaderDrawer({ readerId, onClose }: { readerId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const [confirmElement, confirm] = useConfirm();
  // The dialogs opened from the drawer are its own: a dialog's portal stays where it was first opened,
  // and one opened before the drawer (the list's) would show under it.
  const [editing, setEditing] = useState(false);
  const [credentials, setCredentials] = useState<ReaderCredentials>();
  const { data: reader, error, mutate } = useSWR<ReaderView>(readerId ? readerPath(readerId) : null);
  const mayUpdate = can(P.SECURITY_GATE_CONFIGURATION_UPDATE);

  // The reader is read anew and put in place, not revalidated: SWR drops a revalidation's answer when the
  // cache was patched meanwhile, and the live pushes patch it every second.
  const refresh = async (changed?: ReaderView) => {
    const next = changed ?? (readerId ? await api<ReaderView>(readerPath(readerId)) : undefined);
    await Promise.all([next ? mutate(next, { revalidate: false }) : mutate(), refreshList(READERS_ENDPOINT)]);
  };
  const rotate = async (r: ReaderView) => {
    if (!(await confirm({ message: t('readers.rotate_confirm', { code: r.code }), intent: 'warning' }))) return;
    try {
      setCredentials(await call(API.readers.rotate, { params: { id: r.id } }));
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Drawer isOpen={!!readerId} onClose={onClose} title={reader ? `${reader.code} · ${reader.name}` : t('readers.detail')} icon="antenna" size="min(720px, 100vw)">
      <div className={`${Classes.DRAWER_BODY} reader-drawer`} data-testid="reader-drawer">
        {error ? (
          <NonIdealState icon="error" title={errorMessage(error)} />
        ) : !reader ? (
          <Spinner className="page-spinner" />
        ) : (
          <>
            {mayUpdate && (
              <div className="page-actions drawer-actions">
                <Button icon="edit" text={t('common.edit')} onClick={() => setEditing(true)} data-testid="edit-reader" />
                <Button icon="key" text={t('readers.rotate')} onClick={() => void rotate(reader)} data-testid="rotate-credentials" />
              </div>
            )}
            <section>
              <h3>{t('readers.live_state')}</h3>
              <dl className="detail-list" data-testid="reader-live">
                <DetailRow label={t('readers.connection')}>
                  <ConnectionTag live={reader.live} />
                  {reader.live.connectionChangedAt && (
                    <span className="muted" data-testid="connection-changed">
                      {' · '}
                      <RelativeTime iso={reader.live.connectionChangedAt} />
                    </span>
                  )}
                </DetailRow>
                <DetailRow label={t('readers.last_heartbeat')}>{reader.live.lastHeartbeatAt && <RelativeTime iso={reader.live.lastHeartbeatAt} />}</DetailRow>
                <DetailRow label={t('readers.last_message')}>{reader.live.lastMessageAt && <RelativeTime iso={reader.live.lastMessageAt} />}</DetailRow>
                <DetailRow label={t('readers.temperature')}>{reader.live.temperature !== null && `${formatNumber(reader.live.temperature)} °C`}</DetailRow>
                <DetailRow label={t('readers.reads_per_second')}>{formatNumber(reader.live.readsPerSecond)}</DetailRow>
                <DetailRow label={t('readers.scanning')}>
                  <ScanningTag live={reader.live} />
                </DetailRow>
                <DetailRow label={t('readers.firmware')}>{reader.live.firmware}</DetailRow>
              </dl>
            </section>
            {mayUpdate && (
              <section>
                <h3>{t('readers.commands')}</h3>
                <ReaderCommands reader={reader} onDone={() => refresh()} />
              </section>
            )}
            <section>
              <h3>{t('readers.configuration')}</h3>
              <dl className="detail-list">
                <DetailRow label={t('readers.kind')}>{t(`readers.kind_${reader.kind}`)}</DetailRow>
                <DetailRow label={t('readers.format')}>{t(`readers.format_${reader.format}`)}</DetailRow>
                <DetailRow label={t('catalogue:zones.one')}>{reader.zoneName}</DetailRow>
                <DetailRow label={t('readers.host')}>{reader.host}</DetailRow>
                <DetailRow label={t('readers.antennas')}>
                  <AntennaList reader={reader} />
                </DetailRow>
                <DetailRow label={t('readers.device_mode')} testId="reader-device-mode">
                  {t(`readers.device_mode_${reader.deviceMode}`)}
                </DetailRow>
                <DetailRow label={t('readers.operating_mode')}>{t(`readers.operating_mode_${reader.operatingMode}`)}</DetailRow>
                <DetailRow label={t('readers.switch')}>{t(`readers.switch_${reader.switch}`)}</DetailRow>
                {READER_TOPIC_KINDS.map((kind) => (
                  <DetailRow key={kind} label={t(`readers.topic_${kind}`)}>
                    <code>{reader.topics[kind]}</code>
                  </DetailRow>
                ))}
                <DetailRow label={t('common.created_at')}>{formatDateTime(reader.createdAt)}</DetailRow>
                <DetailRow label={t('common.updated_at')}>{formatDateTime(reader.updatedAt)}</DetailRow>
              </dl>
            </section>
            <section>
              <h3>{t('readers.users')}</h3>
              <ReaderUsers reader={reader} onChanged={(changed) => refresh(changed)} />
            </section>
          </>
        )}
      </div>
      {reader && <ReaderFormDialog editing={editing ? { mode: 'edit', reader } : undefined} onClose={() => setEditing(false)} onSaved={(saved) => refresh(saved)} />}
      <CredentialsDialog credentials={credentials} onClose={() => setCredentials(undefined)} />
      {confirmElement}
    </Drawer>
  );
}
