/** GS1 Global Trade Item Numbers: GTIN-8, -12, -13 and -14, kept as 14 digits. */

/** The GS1 check digit of these digits (a GTIN without its last digit). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A GTIN as stored: its 14 digits; undefined when the text is no GTIN-8, -12, -13 or -14 with a valid check digit. */
export function normalizeGtin(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return undefined;
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return undefined;
  return digits.padStart(14, '0');
}
