import { defineConfig } from 'vitest/config';

// End-to-end tests: Debian's Chromium (playwright-core) against the built app and the real server.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
