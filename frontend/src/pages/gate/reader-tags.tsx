import { Tag, type IconName, type Intent } from '@blueprintjs/core';
import type { ReaderLive } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';

const CONNECTION_LOOK = {
  CONNECTED: { intent: 'success', icon: 'feed', minimal: false },
  DISCONNECTED: { intent: 'danger', icon: 'offline', minimal: true },
  UNKNOWN: { intent: 'warning', icon: 'help', minimal: true },
} as const satisfies Record<ReaderLive['connection'], { intent: Intent; icon: IconName; minimal: boolean }>;

/** Connected (green), disconnected (red) or unknown while the broker link is down (amber), as the device's live state says. */
export function ConnectionTag({ live }: { live: ReaderLive }) {
  const { t } = useTranslation();
  const look = CONNECTION_LOOK[live.connection];
  return (
    <Tag intent={look.intent} icon={look.icon} minimal={look.minimal} data-testid="connection" data-connection={live.connection}>
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
