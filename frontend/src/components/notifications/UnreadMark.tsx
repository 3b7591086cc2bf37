import { useTranslation } from 'react-i18next';

/** The green dot of an unread notification, named "Unread" for screen readers (an image, so its name is read). */
export function UnreadMark() {
  const { t } = useTranslation();
  return <span className="unread-dot" role="img" aria-label={t('notifications.unread')} />;
}
