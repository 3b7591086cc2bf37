// `npm test`: the browser's component tests (frontend/src/**/*.test.tsx, Vitest), then every compiled
// *.spec.js (unit tests beside the code, end-to-end tests under test/) with node's test runner, against a
// real PostgreSQL. Extra arguments filter both by substring of the file's path; one starting with `!` leaves
// out the files whose path holds the rest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runWithTestDatabase } from './test-database-server.mjs';

const roots = ['contracts/dist', 'backend/dist', 'simulators/dist', 'test/dist'];
function specs(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? specs(p) : d.name.endsWith('.spec.js') ? [p] : [];
  });
}
const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('!'));
const excluded = args.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
const chosen = (f) => (filters.length === 0 || filters.some((x) => f.includes(x))) && !excluded.some((x) => f.includes(x));
const files = roots.flatMap(specs).filter(chosen).sort();
// The browser's component tests (frontend/src/**/*.test.tsx) run first, with Vitest in jsdom.
const componentTests = (function tests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? tests(p) : /\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
})('frontend/src').filter(chosen);
if (files.length === 0 && componentTests.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
let componentCode = 0;
if (componentTests.length > 0) {
  const vitest = path.resolve('node_modules/vitest/vitest.mjs');
  const res = spawnSync(process.execPath, [vitest, 'run', ...componentTests.map((f) => path.relative('frontend', f))], { cwd: 'frontend', stdio: 'inherit' });
  componentCode = res.status ?? 1;
}
if (files.length === 0) process.exit(componentCode);

const code = await runWithTestDatabase(process.execPath, ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files]);
process.exit(code || componentCode);
