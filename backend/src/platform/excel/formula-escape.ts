/**
 * A spreadsheet treats text that starts with = + - @ (or a tab or carriage return, which some
 * programs strip before reading the rest) as a formula: an exported cell holding user text must not
 * run as one (OWASP "CSV injection"). A leading single quote makes it text. Text that already starts
 * with quotes before such a character gets one more, so that reading back is the exact inverse.
 */
const ESCAPED = /^'*[=+\-@\t\r]/;
const UNESCAPE = /^'+[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return ESCAPED.test(text) ? `'${text}` : text;
}

/** The inverse for an imported cell: an exported file read back gives the text that was exported. */
export function unescapeFormula(text: string): string {
  return UNESCAPE.test(text) ? text.slice(1) : text;
}
