// Runs a command (a benchmark) with TEST_PG_ADMIN_URL set to a real PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { withTestDatabaseServer } from './test-database-server.mjs';

const [cmd, ...args] = process.argv.slice(2);
const code = await withTestDatabaseServer(async (url) => {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_PG_ADMIN_URL: url, DATABASE_URL: '' } });
  return res.status ?? 1;
});
process.exit(code);
