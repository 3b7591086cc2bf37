import { Button, Callout, Code, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { READER_TOPIC_KINDS, type ReaderCredentials } from '@rfid/contracts';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';
import { DetailRow } from '../../components/DetailRow';

/** One value of the credentials, with a button that copies it. */
function Copyable({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <span className="copyable">
      <Code data-testid={testId}>{value}</Code>
      <CopyButton text={value} label={label} />
    </span>
  );
}

/**
 * A reader's MQTT credentials, right after it was created or its password rotated: the only time the
 * password is shown (only its hash is kept). Everything the installer types into the reader, each
 * with a copy button, and a warning that says so. It closes only with its button, not by a stray
 * click or Escape, so that the password is not lost by accident.
 */
export function CredentialsDialog({ credentials, onClose }: { credentials: ReaderCredentials | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={!!credentials}
      onClose={onClose}
      title={t('readers.credentials_title', { code: credentials?.username ?? '' })}
      icon="key"
      className="wide-dialog"
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
    >
      {credentials && (
        <DialogBody>
          <Callout intent="warning" icon="warning-sign" title={t('readers.credentials_once_title')} data-testid="credentials-warning">
            {t('readers.credentials_once')}
          </Callout>
          <dl className="detail-list credentials-list" data-testid="credentials">
            <DetailRow label={t('readers.mqtt_username')}>
              <Copyable label={t('readers.mqtt_username')} value={credentials.username} testId="credentials-username" />
            </DetailRow>
            <DetailRow label={t('readers.mqtt_password')}>
              <Copyable label={t('readers.mqtt_password')} value={credentials.password} testId="credentials-password" />
            </DetailRow>
            <DetailRow label={t('readers.broker_urls')}>
              {credentials.brokers.length ? (
                <ul className="plain-list" data-testid="credentials-brokers">
                  {credentials.brokers.map((url) => (
                    <li key={url}>
                      <Copyable label={t('readers.broker_url')} value={url} />
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="muted">{t('readers.broker_none')}</span>
              )}
            </DetailRow>
            {READER_TOPIC_KINDS.map((kind) => (
              <DetailRow key={kind} label={t(`readers.topic_${kind}`)}>
                <Copyable label={t(`readers.topic_${kind}`)} value={credentials.topics[kind]} testId={`credentials-topic-${kind}`} />
              </DetailRow>
            ))}
          </dl>
        </DialogBody>
      )}
      <DialogFooter actions={<Button intent="primary" text={t('readers.credentials_done')} onClick={onClose} data-testid="credentials-done" />} />
    </Dialog>
  );
}
