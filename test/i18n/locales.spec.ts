import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';

const dir = new URL('../../../frontend/public/locales/', import.meta.url);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a translation file, plural forms folded into their base key. */
function keys(obj: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = `${prefix}${k.replace(PLURAL, '')}`;
    if (v && typeof v === 'object') for (const sub of keys(v as Record<string, unknown>, `${key}.`)) out.add(sub);
    else out.add(key);
  }
  return out;
}

describe('translations', () => {
  it('Vietnamese and English have the same keys', () => {
    const vi = keys(JSON.parse(fs.readFileSync(new URL('vi/translation.json', dir), 'utf8')));
    const en = keys(JSON.parse(fs.readFileSync(new URL('en/translation.json', dir), 'utf8')));
    assert.deepEqual([...vi].filter((k) => !en.has(k)), [], 'in vi only');
    assert.deepEqual([...en].filter((k) => !vi.has(k)), [], 'in en only');
    assert.ok(vi.size > 100);
  });

  it('every key the code uses exists', () => {
    const en = keys(JSON.parse(fs.readFileSync(new URL('en/translation.json', dir), 'utf8')));
    const src = new URL('../../../frontend/src/', import.meta.url);
    const used = new Set<string>();
    const walk = (d: URL) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(new URL(`${e.name}/`, d));
        else if (/\.tsx?$/.test(e.name)) {
          const text = fs.readFileSync(new URL(e.name, d), 'utf8');
          for (const m of text.matchAll(/\bt\('([a-z_]+(?:\.[a-z_A-Z]+)+)'/g)) used.add(m[1]!);
          for (const m of text.matchAll(/(?:titleKey|labelKey)[=:]\s*["']([a-z_]+(?:\.[a-z_]+)+)["']/g)) used.add(m[1]!);
        }
      }
    };
    walk(src);
    const missing = [...used].filter((k) => !en.has(k));
    assert.deepEqual(missing, []);
    assert.ok(used.size > 50, `found ${used.size} keys in the code`);
  });
});
