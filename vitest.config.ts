import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integration = { include: ["tests/integration/**/*.test.ts"] };

// Unit tests sit next to the code. Integration tests drive the built server over HTTP, once on
// SQLite and, when TEST_DATABASE_URL names a PostgreSQL server, once more on PostgreSQL.
export default defineConfig({
  resolve: { alias },
  test: {
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"] } },
      { resolve: { alias }, test: { name: "sqlite", ...integration, env: { TEST_DB: "sqlite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ resolve: { alias }, test: { name: "postgres", ...integration, env: { TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
