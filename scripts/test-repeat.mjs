// `npm run test:repeat -- N [--parallel P] [filter ...]`: runs the chosen tests (the filters of `npm
// test`) N times over, P copies at a time (default 1; 2 puts this 2-core machine under the load of two
// suites at once), and prints per test how many of its runs failed, with the first line of its first
// error: a suspected flaky test is checked in minutes. Each run's whole output is kept in
// test-results/repeat/run-K.log. The code is built once, before (by the npm script); the PostgreSQL
// server is started once for all runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { testEnvironment, withTestDatabaseServer } from './test-database-server.mjs';
import { chooseTestFiles, nodeTestArgs, vitestArgs } from './test-files.mjs';

const USAGE = 'usage: npm run test:repeat -- N [--parallel P] [filter ...]   (filters as for npm test: a part of a path, or !part to leave out)';
const OUT_DIR = path.resolve('test-results/repeat');
const REPORTER = path.resolve('scripts/test-outcomes-reporter.mjs');

function parseArgs(argv) {
  const [count, ...rest] = argv;
  const rounds = Number(count);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(USAGE);
  let parallel = 1;
  const filters = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--parallel' || rest[i] === '-p') {
      parallel = Number(rest[++i]);
      if (!Number.isInteger(parallel) || parallel < 1) throw new Error(USAGE);
    } else filters.push(rest[i]);
  }
  return { rounds, parallel, filters };
}

/** Runs a command with its output appended to the run's log; answers its exit code. */
async function runLogged(cmd, args, { log, cwd, env }) {
  const out = fs.openSync(log, 'a');
  try {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
    const [status] = await once(child, 'exit');
    return status ?? 1;
  } finally {
    fs.closeSync(out);
  }
}

/** The component tests' outcomes, from Vitest's JSON report (a file that failed to load counts as a failed test of its own). */
function vitestOutcomes(report) {
  if (!fs.existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(fs.readFileSync(report, 'utf8'));
  return testResults.flatMap((file) => {
    const tests = file.assertionResults.map((a) => ({ file: file.name, name: [...a.ancestorTitles, a.title].join(' › '), ok: a.status !== 'failed', skipped: a.status !== 'passed' && a.status !== 'failed', error: a.failureMessages?.[0]?.split('\n')[0]?.slice(0, 300) }));
    return tests.length || file.status !== 'failed' ? tests : [{ file: file.name, name: '(the file)', ok: false, skipped: false, error: file.message?.split('\n')[0] }];
  });
}

/** One run of every chosen test: the component tests, then the node ones; answers each test's outcome. */
async function runOnce(run, files, env) {
  const log = path.join(OUT_DIR, `run-${run}.log`);
  const outcomes = [];
  let exitCodes = 0;
  if (files.componentTests.length) {
    const report = path.join(OUT_DIR, `run-${run}.vitest.json`);
    exitCodes |= await runLogged(process.execPath, vitestArgs(files.componentTests, ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`]), { log, cwd: 'frontend', env });
    outcomes.push(...vitestOutcomes(report));
  }
  if (files.specs.length) {
    const lines = path.join(OUT_DIR, `run-${run}.jsonl`);
    const args = nodeTestArgs(files.specs, [['spec', log], [REPORTER, lines]]);
    exitCodes |= await runLogged(process.execPath, args, { log: `${log}.stdout`, env });
    if (fs.existsSync(lines)) outcomes.push(...fs.readFileSync(lines, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  }
  // a run that failed without a failed test to show for it (a runner that could not start)
  if (exitCodes && outcomes.every((o) => o.ok)) outcomes.push({ file: '(the run)', name: `exit code ${exitCodes}`, ok: false, skipped: false, error: `see ${path.relative('.', log)}` });
  return outcomes.map((o) => ({ ...o, file: path.relative('.', path.resolve(o.file)) || o.file }));
}

const { rounds, parallel, filters } = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
})();
const files = chooseTestFiles(filters);
const fileCount = files.specs.length + files.componentTests.length;
if (fileCount === 0) {
  console.error('no test files found');
  process.exit(1);
}
fs.rmSync(OUT_DIR, { recursive: true, force: true });
fs.mkdirSync(OUT_DIR, { recursive: true });
const total = rounds * parallel;
console.log(`${total} runs of ${fileCount} test file${fileCount === 1 ? '' : 's'} (${rounds} × ${parallel} at a time); logs in ${path.relative('.', OUT_DIR)}/`);

const tally = new Map();
await withTestDatabaseServer(async (url) => {
  const env = testEnvironment(url);
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: parallel }, async (_, copy) => {
        const run = round * parallel + copy + 1;
        const started = Date.now();
        const outcomes = await runOnce(run, files, env);
        const failed = outcomes.filter((o) => !o.ok);
        for (const o of outcomes) {
          const key = `${o.file} › ${o.name}`;
          const t = tally.get(key) ?? { runs: 0, failures: 0, skipped: 0, error: undefined };
          t.runs++;
          if (o.skipped) t.skipped++;
          if (!o.ok) {
            t.failures++;
            t.error ??= `run ${run}: ${o.error ?? ''}`;
          }
          tally.set(key, t);
        }
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(`run ${run}/${total}: ${outcomes.length} tests, ${failed.length} failed, ${seconds} s${failed.length ? `: ${failed.map((o) => o.name).join('; ')}` : ''}`);
      }),
    );
  }
});

const rows = [...tally].sort(([a], [b]) => a.localeCompare(b));
const width = String(total).length * 2 + 1;
console.log('\nfailed/runs  test');
for (const [name, t] of rows) console.log(`${`${t.failures}/${t.runs}`.padStart(width)}  ${name}${t.skipped ? ` (skipped ${t.skipped})` : ''}`);
const flaky = rows.filter(([, t]) => t.failures > 0).sort(([, a], [, b]) => b.failures - a.failures);
if (flaky.length) {
  console.log(`\nfailed at least once (${flaky.length}):`);
  for (const [name, t] of flaky) console.log(`${`${t.failures}/${t.runs}`.padStart(width)}  ${name}\n${' '.repeat(width + 2)}${t.error}`);
}
console.log(`\n${rows.length} tests, ${total} runs: ${flaky.length ? `${flaky.length} failed at least once` : 'every test passed every run'}`);
process.exit(flaky.length ? 1 : 0);
