// Which test files a test command runs: every compiled *.spec.js (unit tests beside the code, end-to-end
// tests under test/), run with node's test runner against a real PostgreSQL, and the browser's component
// tests (frontend/src/**/*.test.tsx), run with Vitest in jsdom. Arguments filter both by substring of the
// file's path; one starting with `!` leaves out the files whose path holds the rest.
import fs from 'node:fs';
import path from 'node:path';

const roots = ['contracts/dist', 'backend/dist', 'simulators/dist', 'test/dist'];

function filesUnder(dir, wanted) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? filesUnder(p, wanted) : wanted.test(d.name) ? [p] : [];
  });
}

/** The chosen files: `specs` for node's test runner, `componentTests` for Vitest (paths from the repository's root). */
export function chooseTestFiles(args) {
  const filters = args.filter((a) => !a.startsWith('!'));
  const excluded = args.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
  const chosen = (f) => (filters.length === 0 || filters.some((x) => f.includes(x))) && !excluded.some((x) => f.includes(x));
  return {
    specs: roots.flatMap((root) => filesUnder(root, /\.spec\.js$/)).filter(chosen).sort(),
    componentTests: filesUnder('frontend/src', /\.test\.tsx?$/).filter(chosen).sort(),
  };
}

/** A test still running after this long has hung (the slowest suite, every screen with its permission, takes about 3 minutes): it fails, naming itself, instead of holding the run. */
const TEST_TIMEOUT_MS = 10 * 60_000;

/** Node's test runner over the spec files: two files at a time, as `npm test` runs them. */
export function nodeTestArgs(specs, reporters = [['spec', 'stdout']]) {
  return ['--test', '--test-concurrency=2', `--test-timeout=${TEST_TIMEOUT_MS}`, ...reporters.flatMap(([reporter, destination]) => [`--test-reporter=${reporter}`, `--test-reporter-destination=${destination}`]), ...specs];
}

/** Vitest's command line over the component tests (run in frontend/, where its configuration is). */
export function vitestArgs(componentTests, extra = []) {
  return [path.resolve('node_modules/vitest/vitest.mjs'), 'run', ...extra, ...componentTests.map((f) => path.relative('frontend', f))];
}
