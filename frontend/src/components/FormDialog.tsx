import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { duplicateField, type FieldError } from '@rfid/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { LookupSelect } from './fields/LookupSelect';
import { useDiscardGuard } from './unsaved-changes';
import { errorMessage, showError } from './toasts';
import { fieldMessage, problemOfFieldError, problemOfIssue } from './validation/field-messages';
import { textRules } from './validation/text-rules';

/** A broken rule inside a custom field's value: its message, and where it sits (`['0', 'power']`: the first antenna's power; `[]`: the whole value). */
export interface FieldProblemAt {
  message: string;
  at: readonly string[];
}

/** What a custom field's editor is given. */
export interface CustomFieldProps {
  /** The id of the editor's first control (the label points at it; a refused save focuses it). */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  error?: FieldProblemAt;
  /** Every field's value, for an editor that shows something of another field (a default named after the code). */
  values: Readonly<Record<string, unknown>>;
}

export interface FieldSpec {
  name: string;
  labelKey: string;
  type?: 'text' | 'password' | 'select' | 'lookup' | 'textarea' | 'custom';
  options?: { value: string; label: string }[];
  /** The look-up route of a `lookup` field (LOOKUPS): its active items, searched on the server. */
  lookup?: string;
  required?: boolean;
  /** Shown but not editable in this form (e.g. the username when editing). */
  readOnly?: boolean;
  /** Shown in an empty text field: what applies when it is left empty. */
  placeholder?: string;
  /** A `custom` field's editor (a list of antennas, a group of topics): its value is whatever its part of the schema takes, sent as it is. */
  render?: (props: CustomFieldProps) => ReactNode;
  /** Shown (and sent) only while the other values call for it (an e-mail address once e-mail is chosen). */
  shownWhen?: (values: Readonly<Record<string, unknown>>) => boolean;
}

export type FormMode = 'add' | 'edit' | 'view';

/** A text field's value is its text; a custom field's, whatever its editor keeps. */
type Values = Record<string, unknown>;
type Errors = Record<string, FieldProblemAt>;

/** The part of a field's value a path names, as the text a message reads (none: "required"); a list or an object is never blank. */
function textAt(value: unknown, at: readonly string[]): string | undefined {
  const found = at.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
  if (found === undefined || found === null) return undefined;
  return typeof found === 'object' ? JSON.stringify(found) : String(found);
}

/** An error answer whose details name fields (a validation error, a rule with its own code). */
function fieldErrorsOf(err: ApiError): FieldError[] | undefined {
  const details = err.details;
  return Array.isArray(details) && details.every((d) => d && typeof (d as FieldError).field === 'string' && typeof (d as FieldError).rule === 'string')
    ? (details as FieldError[])
    : undefined;
}

/**
 * Add / view / edit dialog driven by a shared zod schema: the same rules as the server, checked
 * before sending, each broken rule said under its field; the server's field errors and a duplicate
 * (USERNAME_EXIST, NAME_EXISTS ...) land on their fields. The first field has the focus on opening,
 * the first wrong one after a refused save; a text with a length limit counts its characters.
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
  /** The dialog's class (`wide-dialog` for a form with lists in it). */
  className?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const rules = useMemo(() => textRules(props.schema), [props.schema]);
  useEffect(() => {
    if (props.isOpen) {
      setValues(props.initial);
      setErrors({});
    }
    // the initial values of a newly opened dialog only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.isOpen]);

  const readOnly = props.mode === 'view';
  // a form holding changes asks before it closes (Escape, the close button, Cancel) or the tab goes
  const dirty = props.isOpen && !readOnly && !busy && JSON.stringify(values) !== JSON.stringify(props.initial);
  const [askDialog, guard] = useDiscardGuard(dirty);
  const close = () => guard(props.onClose);
  const fields = props.fields.filter((f) => !f.shownWhen || f.shownWhen(values));
  const editable = fields.filter((f) => !f.readOnly);
  const firstEditable = readOnly ? undefined : editable[0]?.name;

  /** Shows the errors, and puts the focus on the first wrong field of the form. */
  const refuse = (next: Errors) => {
    setErrors(next);
    const first = fields.find((f) => next[f.name]);
    if (first) form.current?.querySelector<HTMLElement>(`#field-${first.name}`)?.focus();
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    // Optional fields left empty are absent, not empty strings.
    const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
    const candidate = Object.fromEntries(editable.map((f) => [f.name, blank(values[f.name]) && !f.required ? undefined : values[f.name]]));
    const parsed = props.schema.safeParse(candidate);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const [field = '', ...at] = issue.path.map(String);
        next[field] ??= { message: fieldMessage(t, problemOfIssue(issue), rules[field] ?? {}, textAt(values[field], at)), at };
      }
      refuse(next);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(parsed.data);
      props.onClose();
    } catch (err) {
      const shown = new Set(fields.map((f) => f.name));
      const fieldErrors = err instanceof ApiError ? fieldErrorsOf(err) : undefined;
      const duplicate = err instanceof ApiError && err.code !== 'NETWORK_ERROR' ? duplicateField(err.code) : undefined;
      if (fieldErrors?.some((d) => shown.has(d.field.split('.')[0]!))) {
        const next: Errors = {};
        for (const d of fieldErrors) {
          const [field = '', ...at] = d.field.split('.');
          next[field] ??= { message: fieldMessage(t, problemOfFieldError(d), rules[field] ?? {}, textAt(values[field], at)), at };
        }
        refuse(next);
      } else if (duplicate && shown.has(duplicate)) {
        refuse({ [duplicate]: { message: errorMessage(err), at: [] } });
      } else {
        showError(err);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog isOpen={props.isOpen} onClose={() => void close()} title={props.title} canOutsideClickClose={false} className={props.className}>
        <form ref={form} onSubmit={(e) => void submit(e)} noValidate data-testid="form-dialog">
          <DialogBody>
            {fields.map((f) => {
              const problem = errors[f.name];
              const error = problem?.message;
              // a text with a length limit counts its characters while it is edited
              const max = readOnly || f.readOnly || f.type === 'select' || f.type === 'password' || f.type === 'custom' ? undefined : rules[f.name]?.max;
              const text = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
              const length = text.length;
              const common = {
                id: `field-${f.name}`,
                name: f.name,
                value: text,
                disabled: readOnly || !!f.readOnly,
                autoFocus: f.name === firstEditable,
                autoComplete: f.type === 'password' ? 'new-password' : undefined,
                'aria-describedby': max !== undefined ? `field-${f.name}-count` : undefined,
              };
              const onChange = (v: unknown) => setValues((prev) => ({ ...prev, [f.name]: v }));
              return (
                <FormGroup
                  key={f.name}
                  label={t(f.labelKey)}
                  labelFor={common.id}
                  labelInfo={f.required && !readOnly ? '*' : undefined}
                  intent={error ? 'danger' : 'none'}
                >
                  {f.type === 'custom' ? (
                    f.render?.({ id: common.id, value: values[f.name], onChange, disabled: common.disabled, error: problem, values })
                  ) : f.type === 'lookup' ? (
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
                    <InputGroup {...common} type={f.type ?? 'text'} placeholder={f.placeholder} intent={error ? 'danger' : 'none'} onChange={(e) => onChange(e.target.value)} />
                  )}
                  {/* the message of a broken rule on the left, the character count on the right */}
                  {(error || max !== undefined) && (
                    <div className="field-foot">
                      {error && <div className="bp6-form-helper-text">{error}</div>}
                      {max !== undefined && (
                        <div id={`field-${f.name}-count`} className={`field-counter${length > max ? ' over' : ''}`}>
                          {length}/{max}
                        </div>
                      )}
                    </div>
                  )}
                </FormGroup>
              );
            })}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t(readOnly ? 'common.close' : 'common.cancel')} onClick={() => void close()} data-testid="form-cancel" />
                {!readOnly && <Button type="submit" intent="primary" loading={busy} text={t('common.save')} />}
              </>
            }
          />
        </form>
      </Dialog>
      {askDialog}
    </>
  );
}
