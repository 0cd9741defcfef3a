import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const faults = { include: ["tests/faults/**/*.test.ts"] };

/**
 * `npm run test:faults`: the fault and attack scenarios of issue 11 (kill -9 under load, database
 * dropped and stalled, SMTP refusing and silent, SIGTERM under load, body floods, disk full) and a
 * test for every security point, against the production build over loopback. Files run one at a
 * time: several start server processes and measure memory or time, which a neighbour would skew.
 * Each scenario stops by itself within seconds. On SQLite always, on PostgreSQL when
 * TEST_DATABASE_URL is set (each file picks the scenarios that concern each database).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { resolve: { alias }, test: { name: "faults-sqlite", ...faults, fileParallelism: false, env: { TEST_DB: "sqlite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ resolve: { alias }, test: { name: "faults-postgres", ...faults, fileParallelism: false, env: { TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
