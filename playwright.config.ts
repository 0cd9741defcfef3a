import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium against the production build on a fresh SQLite
 * database under .tmp/e2e (wiped on every run). Mail goes to .tmp/e2e/outbox.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DIR = process.env.E2E_DIR ?? ".tmp/e2e";
export const e2eEnv = {
  NODE_ENV: "production",
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  APP_URL: `http://localhost:${E2E_PORT}`,
  DATABASE_URL: `file:${E2E_DIR}/e2e.db`,
  OUTBOX_DIR: `${E2E_DIR}/outbox`,
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
  RATE_LIMIT_PER_MINUTE: "1000",
  RATE_LIMIT_PER_ACCOUNT: "1000",
  LOG_LEVEL: "error",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: e2eEnv.APP_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: `rm -rf ${E2E_DIR} && mkdir -p ${E2E_DIR} && node server/main.ts`,
    url: `${e2eEnv.APP_URL}/healthz`,
    env: e2eEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
