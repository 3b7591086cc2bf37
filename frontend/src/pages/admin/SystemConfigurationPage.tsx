import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import { API, P, publicSettingsOf, SYSTEM_SETTING_GROUPS, SYSTEM_SETTING_KEYS, SYSTEM_SETTINGS, updateSystemSettingsRequest, type SystemSettingChange, type SystemSettingDefinition, type SystemSettingKey, type SystemSettingsView, type SystemSettingValue, type UpdateSystemSettingsRequest } from '@rfid/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate } from 'swr';
import { call } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { PageHeader } from '../../components/PageHeader';
import { showError, showSuccess } from '../../components/toasts';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { fieldMessage, problemOfIssue } from '../../components/validation/field-messages';
import { textRules } from '../../components/validation/text-rules';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { PUBLIC_SETTINGS_ENDPOINT } from '../../settings/system-settings';

const SYSTEM_SETTINGS_ENDPOINT = API.systemSettings.get.path;

/** The inputs the user typed in, as their text; the others show the saved value. */
type Edits = Partial<Record<SystemSettingKey, string>>;

const GROUP_ICONS = { readers: 'antenna', gates: 'log-in', logs: 'history', display: 'desktop' } as const;
const RULES = textRules(updateSystemSettingsRequest);

/** What an input holds as the schema reads it: a number from a number's or a choice's text (a blank one stays blank: "required"), a text as typed. */
function valueOf(d: SystemSettingDefinition, text: string): unknown {
  if (d.kind === 'text') return text;
  return text.trim() === '' ? text : Number(text);
}

/** The settings whose input differs from the saved value (a text compared trimmed, as it is saved). */
function changedOf(edits: Edits, saved: SystemSettingsView['values']): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const k of SYSTEM_SETTING_KEYS) {
    if (edits[k] === undefined) continue;
    const value = valueOf(SYSTEM_SETTINGS[k], edits[k]);
    if ((typeof value === 'string' ? value.trim() : value) !== saved[k]) changed[k] = value;
  }
  return changed;
}

/**
 * The system configuration (SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_*): every setting of the catalogue in
 * contracts, grouped (readers, gates and alerts, logs, display), each with its value, its rule, its
 * default and its last change. The changed values are checked with the API's own schema as they are
 * typed, and Save sends only them; with LIST but not UPDATE the form is read-only.
 */
export default function SystemConfigurationPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const editable = can(P.SYSTEM_ADMINISTRATION_SYSTEM_CONFIG_UPDATE);
  const { data, error } = useSWR<SystemSettingsView>(SYSTEM_SETTINGS_ENDPOINT);
  // only what was typed: a setting changed meanwhile by someone else shows its new value, and is not sent back
  const [edits, setEdits] = useState<Edits>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (error) showError(error);
  }, [error]);

  const changed = useMemo(() => (data ? changedOf(edits, data.values) : {}), [data, edits]);
  const dirty = Object.keys(changed).length > 0;
  const errors = useMemo(() => {
    const result = updateSystemSettingsRequest.safeParse(changed);
    const messages: Partial<Record<SystemSettingKey, string>> = {};
    if (result.success) return messages;
    for (const issue of result.error.issues) {
      const key = issue.path[0] as SystemSettingKey;
      messages[key] ??= fieldMessage(t, problemOfIssue(issue), RULES[key] ?? {}, edits[key]);
    }
    return messages;
  }, [changed, edits, t]);
  const guard = useUnsavedChangesGuard(dirty);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateSystemSettingsRequest.safeParse(changed);
    if (!parsed.success || !dirty) return;
    setBusy(true);
    try {
      const saved = await call(API.systemSettings.update, { body: parsed.data satisfies UpdateSystemSettingsRequest });
      await mutate(SYSTEM_SETTINGS_ENDPOINT, saved, { revalidate: false });
      // this tab's title and footer at once; the server's push tells the other tabs
      await mutate(PUBLIC_SETTINGS_ENDPOINT, publicSettingsOf(saved.values), { revalidate: false });
      setEdits({});
      showSuccess(t('system_config.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!data) {
    return (
      <>
        <PageHeader title={t('menu.system_configuration')} />
        {!error && <Spinner className="page-spinner" />}
      </>
    );
  }

  const invalid = Object.keys(errors).length > 0;
  return (
    <form onSubmit={(e) => void save(e)} noValidate className="system-config" data-testid="system-config">
      <PageHeader title={t('menu.system_configuration')}>
        {editable && (
          <>
            <Button icon="undo" text={t('system_config.discard')} disabled={!dirty || busy} onClick={() => setEdits({})} />
            <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} disabled={!dirty || invalid} loading={busy} />
          </>
        )}
      </PageHeader>
      {!editable && (
        <Callout icon="lock" className="system-config-note">
          {t('system_config.read_only')}
        </Callout>
      )}
      {SYSTEM_SETTING_GROUPS.map((group) => (
        <Section key={group} title={t(`system_config.group.${group}`)} icon={GROUP_ICONS[group]} className="system-config-group" compact>
          {SYSTEM_SETTING_KEYS.filter((k) => SYSTEM_SETTINGS[k].group === group).map((k) => (
            <SectionCard key={k}>
              <SettingField
                name={k}
                text={edits[k] ?? String(data.values[k])}
                error={errors[k]}
                modified={k in changed}
                change={data.changes[k]}
                disabled={!editable || busy}
                onChange={(text) => setEdits((e) => ({ ...e, [k]: text }))}
              />
            </SectionCard>
          ))}
        </Section>
      ))}
      {guard}
    </form>
  );
}

/** A value as the screen says it: a choice by its label, a number with its unit, a text as it is. */
function useSayValue() {
  const { t } = useTranslation();
  return (d: SystemSettingDefinition, value: SystemSettingValue): string => {
    if (d.kind === 'choice' && d.labelled) return t(`${d.label}_${value}`);
    if (typeof value === 'string') return value;
    return d.kind === 'number' && d.unit ? `${formatNumber(value)} ${t(`system_config.unit.${d.unit}`)}` : formatNumber(value);
  };
}

/** One setting: its input, its rule (or what is wrong with the value typed), its default and its last change. */
function SettingField(props: {
  name: SystemSettingKey;
  text: string;
  error: string | undefined;
  modified: boolean;
  change: SystemSettingChange | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const say = useSayValue();
  const d: SystemSettingDefinition = SYSTEM_SETTINGS[props.name];
  const id = `setting-${props.name}`;
  const common = { id, name: props.name, value: props.text, disabled: props.disabled, 'aria-describedby': `${id}-rule` };
  const rule =
    d.kind === 'number'
      ? t('system_config.rule_number', { min: say(d, d.min), max: say(d, d.max) })
      : d.kind === 'choice'
        ? t('system_config.rule_choice', { choices: d.choices.map((c) => say(d, c)).join(', ') })
        : t('system_config.rule_text', { max: d.maxLength });
  const by = props.change?.by;
  return (
    <FormGroup
      label={t(d.label)}
      labelFor={id}
      labelInfo={props.modified ? <Tag minimal intent="primary">{t('system_config.modified')}</Tag> : undefined}
      intent={props.error ? 'danger' : 'none'}
      className="setting-field"
    >
      {d.kind === 'choice' ? (
        <HTMLSelect {...common} onChange={(e) => props.onChange(e.target.value)}>
          {d.choices.map((c) => (
            <option key={c} value={String(c)}>
              {say(d, c)}
            </option>
          ))}
        </HTMLSelect>
      ) : (
        <InputGroup
          {...common}
          type={d.kind === 'number' ? 'number' : 'text'}
          intent={props.error ? 'danger' : 'none'}
          rightElement={d.kind === 'number' && d.unit ? <Tag minimal>{t(`system_config.unit.${d.unit}`)}</Tag> : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      <div id={`${id}-rule`} className="bp6-form-helper-text">
        {props.error ?? rule}
      </div>
      <div className="setting-meta muted" data-testid={`${id}-meta`}>
        <span>{t('system_config.default', { value: say(d, d.default) })}</span>
        <span>
          {!props.change
            ? t('system_config.never_changed')
            : by
              ? t('system_config.changed_by', { name: by.fullName || by.username, at: formatDateTime(props.change.at) })
              : t('system_config.changed_by_system', { at: formatDateTime(props.change.at) })}
        </span>
      </div>
    </FormGroup>
  );
}
