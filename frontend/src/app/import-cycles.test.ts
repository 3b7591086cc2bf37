import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `import … from './x'`, `export … from './x'` and `import('./x')`: the relative imports of a file, type-only ones too. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
}

/** Every file's relative imports, as files of the source tree. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((f) => {
      const text = fs.readFileSync(f, 'utf8');
      const deps = [...text.matchAll(RELATIVE_IMPORT)].flatMap((m) => resolveImport(f, m[1]!) ?? []);
      return [f, deps];
    }),
  );
}

/** The cycles of a graph, each as the path that closes it (a → b → a). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string) => {
    const at = onPath.indexOf(node);
    if (at >= 0) return void cycles.push([...onPath.slice(at), node]);
    if (done.has(node)) return;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    onPath.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('imports', () => {
  it('the cycle finder finds a cycle, also through a lazy import', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    const graph = importGraph([path.join(SRC, 'app/routes.ts')]);
    expect(graph.get(path.join(SRC, 'app/routes.ts'))).toContain(path.join(SRC, 'pages/DashboardPage.tsx'));
  });

  it('no file of the frontend imports itself through others', () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC))).map((c) => c.map((f) => path.relative(SRC, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
