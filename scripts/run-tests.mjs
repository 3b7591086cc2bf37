// `npm test`: the browser's component tests (frontend/src/**/*.test.tsx, Vitest), then every compiled
// *.spec.js (unit tests beside the code, end-to-end tests under test/) with node's test runner, against a
// real PostgreSQL. Extra arguments filter both by substring of the file's path; one starting with `!` leaves
// out the files whose path holds the rest.
import { spawnSync } from 'node:child_process';
import { runWithTestDatabase } from './test-database-server.mjs';
import { chooseTestFiles, nodeTestArgs, vitestArgs } from './test-files.mjs';

const { specs, componentTests } = chooseTestFiles(process.argv.slice(2));
if (specs.length === 0 && componentTests.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
let componentCode = 0;
if (componentTests.length > 0) {
  const res = spawnSync(process.execPath, vitestArgs(componentTests), { cwd: 'frontend', stdio: 'inherit' });
  componentCode = res.status ?? 1;
}
if (specs.length === 0) process.exit(componentCode);

const code = await runWithTestDatabase(process.execPath, nodeTestArgs(specs));
process.exit(code || componentCode);
