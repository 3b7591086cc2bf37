/**
 * Text the system refuses wherever it comes from (a form, a query string, a path, an Excel cell): a NUL
 * character, which PostgreSQL cannot store in text, and a lone UTF-16 surrogate, which is not Unicode
 * at all (it cannot be written as UTF-8). Both answer 400 TEXT_NOT_VALID naming the field, never a 500.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The paths of every string in a parsed input (JSON body, query, path parameters) that is not
 * storable text, object keys included: `[['items', 2, 'name']]`.
 */
export function unstorableTextPaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextPaths(item, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) found.push([...path, key]);
      unstorableTextPaths(item, [...path, key], found);
    }
  }
  return found;
}
