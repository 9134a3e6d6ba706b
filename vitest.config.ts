import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  // Renderer tests (test/renderer) import .vue components; the plugin only touches .vue files.
  plugins: [vue()],
  test: {
    include: ['test/**/*.test.ts'],
    // Renderer component tests opt into a DOM with `// @vitest-environment happy-dom`.
    environment: 'node',
    // Scenario tests drive a whole emulated cluster, and better-sqlite3 is a native addon that is
    // safer in a child process than in a worker thread.
    testTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on CI's two cores, which leaves a core
    // idle while a test waits on Chromium, a real ZooKeeper, a Python client or a socket. Two workers
    // keep both busy: the whole suite took 1491 s with two on a machine shared with six other jobs.
    maxWorkers: 2,
  },
});
