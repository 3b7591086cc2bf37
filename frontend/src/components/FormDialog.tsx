import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import type { FieldError } from '@rfid/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { LookupSelect } from './fields/LookupSelect';
import { showError } from './toasts';

export interface FieldSpec {
  name: string;
  labelKey: string;
  type?: 'text' | 'password' | 'select' | 'lookup' | 'textarea';
  options?: { value: string; label: string }[];
  /** The look-up route of a `lookup` field (LOOKUPS): its active items, searched on the server. */
  lookup?: string;
  required?: boolean;
  /** Shown but not editable in this form (e.g. the username when editing). */
  readOnly?: boolean;
}

export type FormMode = 'add' | 'edit' | 'view';

type Values = Record<string, string>;
type Errors = Record<string, string>;

/** The full-name rule's message (over 30 characters) gets its own translated text; everything else is "required" or "wrong format". */
const FULL_NAME_MESSAGE = 'You entered more than 30 characters. Please re-enter!';

function messageFor(t: (k: string) => string, value: string | undefined, message: string): string {
  if (value === undefined || value.trim() === '') return t('validation.required');
  if (message === FULL_NAME_MESSAGE) return t('validation.full_name_max');
  return t('validation.wrong_format');
}

/**
 * Add / view / edit dialog driven by a shared zod schema: the same rules as the server, checked
 * before sending; the server's field errors land on the same fields.
 */
export function FormDialog<S extends z.ZodType>(props: {
  isOpen: boolean;
  mode: FormMode;
  title: string;
  fields: FieldSpec[];
  schema: S;
  initial: Values;
  onSubmit: (values: z.output<S>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.isOpen) {
      setValues(props.initial);
      setErrors({});
    }
    // the initial values of a newly opened dialog only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.isOpen]);

  const readOnly = props.mode === 'view';
  const editable = props.fields.filter((f) => !f.readOnly);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    // Optional fields left empty are absent, not empty strings.
    const candidate = Object.fromEntries(editable.map((f) => [f.name, values[f.name]?.trim() === '' && !f.required ? undefined : values[f.name]]));
    const parsed = props.schema.safeParse(candidate);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        next[field] ??= messageFor(t, values[field], issue.message);
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(parsed.data);
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'BAD_REQUEST_ERROR' && Array.isArray(err.details)) {
        const next: Errors = {};
        for (const d of err.details as FieldError[]) next[d.field.split('.')[0]!] ??= messageFor(t, values[d.field], d.message);
        setErrors(next);
      } else {
        showError(err);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={props.title} canOutsideClickClose={false}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="form-dialog">
        <DialogBody>
          {props.fields.map((f) => {
            const error = errors[f.name];
            const common = {
              id: `field-${f.name}`,
              name: f.name,
              value: values[f.name] ?? '',
              disabled: readOnly || f.readOnly,
            };
            const onChange = (v: string) => setValues((prev) => ({ ...prev, [f.name]: v }));
            return (
              <FormGroup
                key={f.name}
                label={t(f.labelKey)}
                labelFor={common.id}
                labelInfo={f.required && !readOnly ? '*' : undefined}
                intent={error ? 'danger' : 'none'}
                helperText={error}
              >
                {f.type === 'lookup' ? (
                  <LookupSelect
                    {...common}
                    endpoint={f.lookup!}
                    activeOnly
                    fill
                    intent={error ? 'danger' : 'none'}
                    emptyLabel={t('common.choose')}
                    aria-label={t(f.labelKey)}
                    onChange={onChange}
                  />
                ) : f.type === 'select' ? (
                  <HTMLSelect {...common} fill onChange={(e) => onChange(e.target.value)}>
                    <option value="">{t('common.choose')}</option>
                    {f.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </HTMLSelect>
                ) : f.type === 'textarea' ? (
                  <TextArea {...common} fill rows={3} onChange={(e) => onChange(e.target.value)} />
                ) : (
                  <InputGroup {...common} type={f.type ?? 'text'} intent={error ? 'danger' : 'none'} onChange={(e) => onChange(e.target.value)} />
                )}
              </FormGroup>
            );
          })}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t(readOnly ? 'common.close' : 'common.cancel')} onClick={props.onClose} />
              {!readOnly && <Button type="submit" intent="primary" loading={busy} text={t('common.save')} />}
            </>
          }
        />
      </form>
    </Dialog>
  );
}
