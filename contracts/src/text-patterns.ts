/**
 * The character rules of codes and names, each with a name. The schemas use them, and a form says
 * which one a value broke by the pattern of its zod issue (`validation.chars.{name}` in the browser):
 * "2 to 100 upper-case letters and digits", not "wrong format".
 */
export const TEXT_PATTERNS = {
  UPPER_CASE_AND_DIGITS: /^[A-Z0-9]+$/,
  CODE: /^[A-Za-z0-9._-]+$/,
  USERNAME: /^[A-Za-z0-9._@-]+$/,
  NO_SPACES: /^\S+$/,
} as const;
export type TextPatternName = keyof typeof TEXT_PATTERNS;

/** The name of a pattern as a zod issue or an API field error writes it (`/^[A-Z0-9]+$/`), when it is one of TEXT_PATTERNS. */
export function textPatternName(pattern: string | RegExp | undefined): TextPatternName | undefined {
  if (pattern === undefined) return undefined;
  const written = String(pattern);
  return (Object.keys(TEXT_PATTERNS) as TextPatternName[]).find((name) => String(TEXT_PATTERNS[name]) === written);
}
