import { configDefaults, defineConfig } from 'vitest/config';

/** Real-browser settings shared by the demo-console and real-console suites. */
const browserSuite = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // One browser at a time on a 2-core machine.
  fileParallelism: false,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The real consoles need their own services (npm run test:consoles).
          exclude: [...configDefaults.exclude, 'e2e/consoles/**'],
          ...browserSuite,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'consoles',
          include: ['e2e/consoles/**/*.test.ts'],
          ...browserSuite,
          globalSetup: ['e2e/consoles/global-setup.ts'],
        },
      },
    ],
  },
});
