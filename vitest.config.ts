import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Scenario tests drive a whole emulated cluster, and better-sqlite3 is a native addon that is
    // safer in a child process than in a worker thread.
    testTimeout: 60_000,
    pool: 'forks',
  },
});
