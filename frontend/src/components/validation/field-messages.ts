import type { ErrorCode, FieldError } from '@rfid/contracts';
import { textPatternName } from '@rfid/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatNumber } from '../../i18n/format';
import type { TextRule } from './text-rules';

/** One broken rule of a field, as a zod issue or the API's field error tells it. */
export interface FieldProblem {
  /** The zod issue code: too_small, too_big, invalid_format, invalid_value, custom ... */
  rule: string;
  minimum?: number;
  maximum?: number;
  /** invalid_format's format: regex, uuid, email ... */
  format?: string;
  /** A regex rule's pattern as written (`/^[A-Z0-9]+$/`). */
  pattern?: string;
  /** A rule with its own error code (SIDE_NOT_FOUND). */
  code?: ErrorCode;
  /** A bound or a type broken by a number, not a text (zod's `origin` and `expected`): said as a number's rule. */
  number?: true;
}

export function problemOfIssue(issue: z.core.$ZodIssue): FieldProblem {
  const i = issue as z.core.$ZodIssue & {
    minimum?: number | bigint;
    maximum?: number | bigint;
    format?: string;
    pattern?: string;
    params?: { code?: ErrorCode };
    origin?: string;
    expected?: string;
  };
  return {
    rule: issue.code,
    ...(i.minimum !== undefined ? { minimum: Number(i.minimum) } : {}),
    ...(i.maximum !== undefined ? { maximum: Number(i.maximum) } : {}),
    ...(i.format ? { format: i.format } : {}),
    ...(i.pattern ? { pattern: String(i.pattern) } : {}),
    ...(issue.code === 'custom' && i.params?.code ? { code: i.params.code } : {}),
    ...(i.origin === 'number' || i.expected === 'number' || i.expected === 'int' ? { number: true as const } : {}),
  };
}

export function problemOfFieldError(e: FieldError): FieldProblem {
  const limit = e.limit;
  return {
    rule: e.rule,
    ...(e.rule === 'too_small' && typeof limit === 'number' ? { minimum: limit } : {}),
    ...(e.rule === 'too_big' && typeof limit === 'number' ? { maximum: limit } : {}),
    ...(e.rule === 'invalid_format' && typeof limit === 'string' ? { format: limit } : {}),
    ...(e.pattern ? { pattern: e.pattern } : {}),
    ...(e.code ? { code: e.code } : {}),
  };
}

/** "2 to 100 upper-case letters and digits", "At most 50 characters": a text rule said whole. */
function textRuleMessage(t: TFunction, rule: TextRule, problem: FieldProblem): string {
  const pattern = rule.pattern ?? textPatternName(problem.pattern);
  const min = rule.min ?? problem.minimum;
  const max = rule.max ?? problem.maximum;
  // too long, with no character rule: the product's own wording ("You entered more than 30 characters. Please re-enter!")
  if (problem.rule === 'too_big' && !pattern) return t('validation.too_long', { max });
  const chars = t(`validation.chars.${pattern ?? 'ANY'}`);
  if (min !== undefined && min > 1 && max !== undefined) return t('validation.between', { min, max, chars });
  if (max !== undefined) return t('validation.at_most', { max, chars });
  if (min !== undefined && min > 1) return t('validation.at_least', { min, chars });
  return t('validation.only', { chars });
}

/**
 * What a form says under a field whose value broke a rule: "required" for a blank value, the error
 * code's own message for a coded rule, and otherwise the rule itself, derived from the issue (its
 * code, bounds and format) and the field's text rule, never a message written per field.
 */
export function fieldMessage(t: TFunction, problem: FieldProblem, rule: TextRule, value: string | undefined): string {
  if (value === undefined || value.trim() === '') return t('validation.required');
  if (problem.code) return t(`errors:${problem.code}`);
  switch (problem.rule) {
    case 'too_small':
      return problem.number ? t('validation.number_at_least', { min: formatNumber(problem.minimum!) }) : textRuleMessage(t, rule, problem);
    case 'too_big':
      return problem.number ? t('validation.number_at_most', { max: formatNumber(problem.maximum!) }) : textRuleMessage(t, rule, problem);
    case 'invalid_format':
      if (problem.format === 'regex') return textRuleMessage(t, rule, problem);
      if (problem.format === 'email') return t('validation.email');
      if (problem.format === 'uuid') return t('validation.choose');
      return t('validation.wrong_format');
    case 'invalid_value':
      return t('validation.choose');
    case 'invalid_type':
      return problem.number ? t('validation.whole_number') : t('validation.wrong_format');
    default:
      return t('validation.wrong_format');
  }
}
