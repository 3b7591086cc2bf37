import { Button, Callout, Code, Tag } from '@blueprintjs/core';
import { READER_LIST_COLUMNS, API, CONNECTION_STATES, P, READER_KINDS, type BrokerInfo, type ReaderCredentials, type ReaderView } from '@rfid/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { PATHS } from '../../app/route-table';
import { useAuth } from '../../auth/auth-context';
import { AddButton } from '../../components/AddButton';
import { CopyButton } from '../../components/CopyButton';
import { LOOKUPS } from '../../components/fields/lookup-endpoints';
import { screenColumns } from '../../components/list/screen-columns';
import { refreshList } from '../../components/list/list-state';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { RelativeTime } from '../../components/RelativeTime';
import { formatBytes, formatNumber } from '../../i18n/format';
import { CredentialsDialog } from './CredentialsDialog';
import { ReaderDrawer } from './ReaderDrawer';
import { ReaderFormDialog, type ReaderEditing } from './ReaderFormDialog';
import { READERS_ENDPOINT, readerPath, useReaderPushes } from './reader-pushes';
import { ConnectionTag, ScanningTag } from './reader-tags';
import { enumOptions } from '../../i18n/enum-options';

/** Where readers connect: the broker's addresses, each to copy, or why there is none. */
function BrokerAddresses() {
  const { t } = useTranslation();
  const { data: broker } = useSWR<BrokerInfo>(API.readers.broker.path);
  if (!broker) return null;
  if (broker.mode === 'disabled') {
    return (
      <Callout intent="warning" icon="offline" className="broker-callout" data-testid="broker">
        {t('readers.broker_disabled')}
      </Callout>
    );
  }
  return (
    <Callout icon="data-connection" className="broker-callout" title={t(`readers.broker_${broker.mode}`)} data-testid="broker">
      <span className="broker-urls">
        {broker.urls.map((url) => (
          <span key={url} className="copyable">
            <Code>{url}</Code>
            <CopyButton text={url} label={t('readers.broker_url')} />
          </span>
        ))}
      </span>
      <span className="muted">{t('readers.broker_limit', { size: formatBytes(broker.maxPayloadBytes) })}</span>
    </Callout>
  );
}

/**
 * The gate configuration (SECURITY_GATE_CONFIGURATION_*): the readers with their live state, kept
 * current by the device pushes without reload; the broker they connect to; add and edit in a dialog,
 * the MQTT credentials shown once after a create or a new password; a reader's detail, commands and
 * users in a drawer.
 */
export default function GateConfigurationPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<ReaderEditing>();
  const [openId, setOpenId] = useState<string>();
  const [credentials, setCredentials] = useState<ReaderCredentials>();
  useReaderPushes();
  const { mutate } = useSWRConfig();
  const mayOpen = can(P.SECURITY_GATE_CONFIGURATION_DETAIL);
  // an edit from the list is put in the reader's cached answer too: its drawer, opened next, shows it at
  // once (a revalidation of it would be dropped, the live pushes patching that answer every second)
  const saved = (reader: ReaderView | undefined) =>
    Promise.all([reader && mutate(readerPath(reader.id), reader, { revalidate: false }), refreshList(READERS_ENDPOINT)]);

  const columns = screenColumns<ReaderView, typeof READER_LIST_COLUMNS>(READER_LIST_COLUMNS, {
    code: { pinned: true, width: 130, render: (r) => <strong>{r.code}</strong> },
    name: { wrap: true },
    kind: { render: (r) => t(`readers.kind_${r.kind}`) },
    zoneName: { width: 160 },
    format: { hiddenByDefault: true, render: (r) => t(`readers.format_short_${r.format}`) },
    connection: { render: (r) => <ConnectionTag live={r.live} /> },
    lastHeartbeat: { render: (r) => (r.live.lastHeartbeatAt ? <RelativeTime iso={r.live.lastHeartbeatAt} /> : <span className="muted">{t('readers.never')}</span>) },
    temperature: { className: 'number-col', render: (r) => (r.live.temperature === null ? '' : `${formatNumber(r.live.temperature)} °C`) },
    readsPerSecond: { className: 'number-col', hiddenByDefault: true, render: (r) => formatNumber(r.live.readsPerSecond) },
    scanning: { render: (r) => <ScanningTag live={r.live} /> },
    deviceMode: { hiddenByDefault: true, render: (r) => t(`readers.device_mode_${r.deviceMode}`) },
    operatingMode: { hiddenByDefault: true, render: (r) => t(`readers.operating_mode_${r.operatingMode}`) },
    switch: {
      render: (r) => (
        <Tag minimal intent={r.switch === 'ON' ? 'success' : 'none'}>
          {t(`readers.switch_${r.switch}`)}
        </Tag>
      ),
    },
  });

  return (
    <>
      <ListPage<ReaderView>
        route={API.readers.list}
        columns={columns}
        onRowClick={mayOpen ? (r) => setOpenId(r.id) : undefined}
        intro={<BrokerAddresses />}
        filters={[
          { name: 'q', labelKey: 'list.search', type: 'text' },
          { name: 'kind', labelKey: 'readers.kind', type: 'select', options: enumOptions(t, READER_KINDS, 'readers.kind') },
          { name: 'zoneId', labelKey: 'catalogue:zones.one', type: 'lookup', lookup: LOOKUPS.masterData('zones') },
          { name: 'connection', labelKey: 'readers.connection', type: 'select', options: enumOptions(t, CONNECTION_STATES, 'readers.connection') },
        ]}
        actions={() => (
          <>
            {/* the readers' messages: reached from here, as the sidebar's groups and entries are fixed and have none for them */}
            {can(P.LOG_MANAGEMENT_INTEGRATION_LOG_LIST) && <Button icon="exchange" text={t('menu.integration_log')} onClick={() => navigate(PATHS.integrationLog)} data-testid="integration-log" />}
            <AddButton permission={P.SECURITY_GATE_CONFIGURATION_CREATE} onClick={() => setEditing({ mode: 'add' })} />
          </>
        )}
        rowActions={(r) => (
          <>
            <RowAction icon="eye-open" label={t('common.view')} permission={P.SECURITY_GATE_CONFIGURATION_DETAIL} onClick={() => setOpenId(r.id)} data-testid="view-reader" />
            <RowAction icon="edit" label={t('common.edit')} permission={P.SECURITY_GATE_CONFIGURATION_UPDATE} onClick={() => setEditing({ mode: 'edit', reader: r })} />
          </>
        )}
      />
      <ReaderFormDialog editing={editing} onClose={() => setEditing(undefined)} onSaved={saved} onCreated={setCredentials} />
      <ReaderDrawer readerId={openId} onClose={() => setOpenId(undefined)} />
      <CredentialsDialog credentials={credentials} onClose={() => setCredentials(undefined)} />
    </>
  );
}
