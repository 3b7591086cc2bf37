// Runs a command (a benchmark) with TEST_PG_ADMIN_URL set to a real PostgreSQL server.
import { runWithTestDatabase } from './test-database-server.mjs';

const [cmd, ...args] = process.argv.slice(2);
process.exit(await runWithTestDatabase(cmd, args));
