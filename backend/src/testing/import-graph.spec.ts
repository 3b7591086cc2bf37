import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importedSpecifiers, importLoops, type ImportGraph } from './import-graph.js';

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('import graph', () => {
  it('finds each loop once, and none in a graph without one', () => {
    assert.deepEqual(importLoops(graph({ a: ['b'], b: ['c'], c: [] })), []);
    assert.deepEqual(importLoops(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [['a', 'b', 'c']]);
    assert.deepEqual(importLoops(graph({ a: ['a'], b: ['c'], c: ['b'] })).sort(), [['a'], ['b', 'c']]);
  });

  it('reads the specifiers of imports and re-exports, multi-line ones too', () => {
    const code = ["import { a } from './a.js';", 'import type {', '  B,', "} from '../b.js';", "export { c } from './c.js';", "import './side.js';", "const d = await import('./d.js');", "// from './not-code.js'"].join('\n');
    assert.deepEqual(importedSpecifiers(code).sort(), ['../b.js', './a.js', './c.js', './d.js', './side.js']);
  });
});
