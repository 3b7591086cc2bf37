import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { API, changeOwnPasswordRequest } from '@rfid/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { FormDialog } from '../components/FormDialog';
import { LanguagePicker } from '../components/LanguagePicker';
import { NotificationBell } from '../components/notifications/NotificationBell';
import { showError, showSuccess } from '../components/toasts';
import { useSettings, type DisplaySettings } from '../settings/display-settings';
import { PATHS } from './route-table';

/** Top bar on every signed-in screen: menu toggle, language, theme, fullscreen, bell, user. */
export function HeaderBar({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Button variant="minimal" icon="menu" aria-label={t('header.toggle_menu')} onClick={onToggleSidebar} />
      <div className="app-header-spacer" />
      <LanguagePicker />
      <ThemePicker />
      <FullscreenToggle />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}

function ThemePicker() {
  const { t } = useTranslation();
  const { settings, isDarkMode, update } = useSettings();
  const item = (theme: DisplaySettings['theme'], icon: 'flash' | 'moon' | 'desktop') => (
    <MenuItem key={theme} icon={icon} text={t(`header.theme.${theme}`)} active={settings.theme === theme} onClick={() => update({ theme })} />
  );
  return (
    <PopoverNext placement="bottom-end" content={<Menu>{[item('light', 'flash'), item('dark', 'moon'), item('system', 'desktop')]}</Menu>}>
      <Button variant="minimal" icon={isDarkMode ? 'moon' : 'flash'} aria-label={t('header.theme.label')} data-testid="theme-picker" />
    </PopoverNext>
  );
}

function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return <Button variant="minimal" icon={full ? 'minimize' : 'fullscreen'} aria-label={t('header.fullscreen')} onClick={toggle} />;
}

function UserMenu() {
  const { t } = useTranslation();
  const { me, logout } = useAuth();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!me) return null;
  const initial = (me.user.fullName || me.user.username).trim().charAt(0).toUpperCase();
  const signOut = async () => {
    try {
      await logout();
    } catch (err) {
      showError(err);
    }
    navigate(PATHS.login, { replace: true });
  };
  return (
    <>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu>
            <li className="user-menu-head">
              <strong>{me.user.fullName}</strong>
              <span className="muted">{t(`users.status_${me.user.status}`).toLowerCase()}</span>
            </li>
            <MenuDivider />
            <MenuItem icon="key" text={t('header.change_my_password')} onClick={() => setChangingPassword(true)} data-testid="change-my-password" />
            <MenuItem icon="log-out" text={t('header.sign_out')} onClick={() => void signOut()} data-testid="sign-out" />
          </Menu>
        }
      >
        <Button variant="minimal" data-testid="user-menu" aria-label={me.user.fullName}>
          <span className="user-badge" aria-hidden>
            {initial}
          </span>
          <span className="user-name">{me.user.fullName}</span>
          <Tag minimal round className="user-status">
            {t(`users.status_${me.user.status}`).toLowerCase()}
          </Tag>
        </Button>
      </PopoverNext>
      <FormDialog
        isOpen={changingPassword}
        mode="edit"
        title={t('header.change_my_password')}
        fields={[
          { name: 'currentPassword', labelKey: 'users.current_password', type: 'password', required: true },
          { name: 'password', labelKey: 'users.new_password', type: 'password', required: true },
        ]}
        schema={changeOwnPasswordRequest}
        initial={{ currentPassword: '', password: '' }}
        onClose={() => setChangingPassword(false)}
        onSubmit={async (values) => {
          // This session stays signed in; the user's other sessions end.
          await call(API.auth.changeOwnPassword, { body: values });
          showSuccess(t('users.password_changed'));
        }}
      />
    </>
  );
}
