import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * Prints the entry chunk's gzipped size, and what the first page load fetches (the entry and the
 * chunks it imports statically). Budget: 250 KB; pages load on demand in their own chunks.
 */
function entryChunkSize(): Plugin {
  return {
    name: 'entry-chunk-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const gz = (code: string) => gzipSync(code).length / 1024;
      for (const entry of chunks.values()) {
        if (!entry.isEntry) continue;
        const initial = new Set<string>();
        const visit = (name: string) => {
          if (initial.has(name)) return;
          initial.add(name);
          for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
        };
        visit(entry.fileName);
        const initialKb = [...initial].reduce((sum, name) => sum + gz(chunks.get(name)!.code), 0);
        const lazy = [...chunks.values()].filter((c) => c.isDynamicEntry).length;
        this.info(
          `entry chunk ${entry.fileName}: ${gz(entry.code).toFixed(1)} KB gzipped; first load ${initialKb.toFixed(1)} KB gzipped ` +
            `in ${initial.size} chunks (budget 250 KB); ${lazy} chunks load on demand`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), entryChunkSize()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/ws': { target: backend, ws: true },
    },
  },
});
