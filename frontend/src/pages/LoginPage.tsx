import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { LIMITS } from '@rfid/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../app/route-table';
import { usePageTitle } from '../app/page-title';
import { useAuth } from '../auth/auth-context';
import { LanguagePicker } from '../components/LanguagePicker';
import { errorMessage } from '../components/toasts';
import { usePublicSettings } from '../settings/system-settings';

type Field = 'username' | 'password';

/** Sign-in, in the blank layout, with the language picker; afterwards back to the page first asked for. */
export function LoginPage() {
  const { t } = useTranslation();
  const { productName } = usePublicSettings();
  usePageTitle('login.title');
  const { login, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : PATHS.dashboard;
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (signedIn) return <Navigate to={target} replace />;

  const validate = () => {
    const e: Partial<Record<Field, string>> = {};
    const u = values.username.trim();
    if (!u) e.username = t('validation.required');
    else if (u.length < LIMITS.USERNAME_MIN || u.length > LIMITS.USERNAME_MAX) e.username = t('validation.username_length', { min: LIMITS.USERNAME_MIN, max: LIMITS.USERNAME_MAX });
    if (!values.password) e.password = t('validation.required');
    else if (/\s/.test(values.password) || values.password.length < LIMITS.PASSWORD_MIN) e.password = t('validation.password_rule', { min: LIMITS.PASSWORD_MIN });
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setFailure(undefined);
    if (!validate()) return;
    setBusy(true);
    try {
      await login({ username: values.username.trim(), password: values.password });
      navigate(target, { replace: true });
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, type: string, icon: 'person' | 'lock') => (
    <FormGroup label={t(`login.${name}`)} labelFor={`login-${name}`} intent={errors[name] ? 'danger' : 'none'} helperText={errors[name]}>
      <InputGroup
        id={`login-${name}`}
        name={name}
        type={type}
        leftIcon={icon}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        value={values[name]}
        intent={errors[name] ? 'danger' : 'none'}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        large
      />
    </FormGroup>
  );

  return (
    <div className="blank-layout login-page">
      <Card elevation={2} className="login-card">
        <div className="login-head">
          <h1>{productName}</h1>
          <LanguagePicker />
        </div>
        <p className="muted">{t('login.subtitle')}</p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          {field('username', 'text', 'person')}
          {field('password', 'password', 'lock')}
          {failure && (
            <Callout intent="danger" icon="error" className="login-error" role="alert">
              {failure}
            </Callout>
          )}
          <Button type="submit" intent="primary" fill large loading={busy} text={t('login.submit')} />
        </form>
      </Card>
    </div>
  );
}
