import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importedSpecifiers, importLoops, type ImportGraph } from '@rfid/backend/testing/import-graph';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['contracts/src', 'backend/src', 'frontend/src', 'simulators/src'];

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sourcesUnder(p) : /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The source file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`; a folder is its index). */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => fs.existsSync(f));
}

/**
 * No two source files import each other, however far round: a loop of files is one piece of code in
 * several files, whose order of loading decides what is defined (type-only imports count too, as the
 * reader follows them all the same).
 */
describe('source structure', () => {
  it('no import loop between files, in any package', () => {
    const graph: ImportGraph = new Map();
    for (const file of SOURCES.flatMap((dir) => sourcesUnder(path.join(REPOSITORY, dir)))) {
      const code = fs.readFileSync(file, 'utf8');
      const imported = importedSpecifiers(code)
        .filter((s) => s.startsWith('.'))
        .flatMap((s) => resolve(file, s) ?? []);
      graph.set(path.relative(REPOSITORY, file), new Set(imported.map((f) => path.relative(REPOSITORY, f))));
    }
    assert.ok(graph.size > 500, `the sources were found (${graph.size} files)`);
    assert.deepEqual(importLoops(graph), []);
  });
});
