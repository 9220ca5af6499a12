import { configDefaults, defineConfig } from 'vitest/config';

/** Real-browser settings shared by the demo-console and real-console suites. */
const browserSuite = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 90_000,
} as const;

/**
 * Real-browser files that must run alone: they fill storage to its quota, time the panel's
 * attention and dwell, or write a machine-wide Chromium policy for the shared test id
 * (policy.test and teach.test). Every other e2e file has its own console server, browser
 * and profile directory, and runs three at a time: most of a browser test is waiting (a dwell,
 * a console's answer). Measured on this 2-core machine (all e2e files, same build): 2 workers
 * 16.8 min, 3 workers 9.1 min with every test passing, 4 workers 7.8 min with a restarted
 * service worker late under the load. E2E_WORKERS overrides it (CI's 20-minute budget).
 */
const ALONE = ['e2e/security.test.ts', 'e2e/security-store.test.ts', 'e2e/policy.test.ts', 'e2e/teach.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The real consoles need their own services (npm run test:consoles).
          exclude: [...configDefaults.exclude, 'e2e/consoles/**', ...ALONE],
          ...browserSuite,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          sequence: { groupOrder: 1 },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e-alone',
          include: ALONE,
          ...browserSuite,
          // After the parallel files, one at a time, with nothing else running.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
      // The real consoles: each console's files one at a time (they share its database), the
      // two consoles side by side (their own services, databases and browsers).
      ...(['osticket', 'freescout'] as const).map((name) => ({
        test: {
          name: `consoles-${name}`,
          include: [`e2e/consoles/${name}/**/*.test.ts`],
          ...browserSuite,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          globalSetup: [`e2e/consoles/${name}/global-setup.ts`],
        },
      })),
    ],
  },
});
