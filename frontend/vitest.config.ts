import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component tests: `src/**\/*.test.tsx` beside the components, in jsdom, with the English translations. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Blueprint's overlays and SWR's revalidation make some renders slow on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
