// `npm run dev`: the API server (built) on PORT (3000) and Vite's dev server with hot reload on 5173,
// which proxies /api and /ws to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--max-old-space-size=1024', 'backend/dist/main.js'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
  spawn('npx', ['vite', '--host'], { cwd: 'frontend', stdio: 'inherit', env: { ...process.env, BACKEND_URL: `http://localhost:${port}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
