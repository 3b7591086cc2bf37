import { textPatternName, type TextPatternName } from '@rfid/contracts';
import type { z } from 'zod';

/** What a text field of a schema allows: its length bounds and its named character pattern. */
export interface TextRule {
  min?: number;
  max?: number;
  pattern?: TextPatternName;
}

type Def = { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; out?: z.core.$ZodType; checks?: { _zod: { def: Record<string, unknown> } }[] };

/** The string schema inside a field's wrappers (optional, nullable, default, a preprocessing pipe), if it is a text. */
function textSchemaOf(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  if (!schema) return undefined;
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'string':
      return schema;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return textSchemaOf(def.innerType);
    case 'pipe':
      return textSchemaOf(def.out) ?? textSchemaOf(def.in);
    default:
      return undefined;
  }
}

/**
 * The text rule of each field of an object schema (the shared zod schemas of contracts), read from
 * its checks: a form shows the rule a value broke and a length counter from the same schema the
 * server validates with. Fields that are not texts have no rule.
 */
export function textRules(schema: z.ZodType): Record<string, TextRule> {
  const shape = (schema as unknown as { shape?: Record<string, z.core.$ZodType> }).shape ?? {};
  const rules: Record<string, TextRule> = {};
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const text = textSchemaOf(fieldSchema);
    if (!text) continue;
    const rule: TextRule = {};
    for (const check of (text._zod.def as unknown as Def).checks ?? []) {
      const d = check._zod.def;
      if (d.check === 'min_length') rule.min = d.minimum as number;
      else if (d.check === 'max_length') rule.max = d.maximum as number;
      else if (d.check === 'string_format' && d.format === 'regex') rule.pattern = textPatternName(d.pattern as RegExp);
    }
    rules[field] = rule;
  }
  return rules;
}
