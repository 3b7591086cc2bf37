/**
 * A logged payload as the detail shows it: JSON indented (one document, or one per line as Impinj
 * streams them); anything else (a broken or cut-off document, binary shown as hex) as it came.
 */
export function readablePayload(payload: string): { text: string; json: boolean } {
  const parse = (s: string): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      return undefined;
    }
  };
  const whole = parse(payload);
  if (whole !== undefined) return { text: JSON.stringify(whole, null, 2), json: true };
  const lines = payload.split('\n').filter((l) => l.trim() !== '');
  const docs = lines.map(parse);
  if (lines.length > 1 && docs.every((d) => d !== undefined)) return { text: docs.map((d) => JSON.stringify(d, null, 2)).join('\n'), json: true };
  return { text: payload, json: false };
}
