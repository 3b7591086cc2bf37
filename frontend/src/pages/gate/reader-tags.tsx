import { Tag } from '@blueprintjs/core';
import type { ReaderLive } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

/** Connected (green) or disconnected (red), as the device's live state says. */
export function ConnectionTag({ live }: { live: ReaderLive }) {
  const { t } = useTranslation();
  const connected = live.connection === 'CONNECTED';
  return (
    <Tag intent={connected ? 'success' : 'danger'} icon={connected ? 'feed' : 'offline'} minimal={!connected} data-testid="connection" data-connection={live.connection}>
      {t(`readers.connection_${live.connection}`)}
    </Tag>
  );
}

/** Whether the reader is scanning (an inventory runs). */
export function ScanningTag({ live }: { live: ReaderLive }) {
  const { t } = useTranslation();
  return live.scanning ? (
    <Tag intent="primary" icon="satellite" data-testid="scanning">
      {t('readers.scanning_on')}
    </Tag>
  ) : (
    <Tag minimal data-testid="scanning">
      {t('readers.scanning_off')}
    </Tag>
  );
}
