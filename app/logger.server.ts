import type { Config } from "./config.server.ts";

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** One-line logs on stdout/stderr; LOG_LEVEL=silent keeps test output clean. */
export function createLogger(level: Config["logLevel"]): Logger {
  return {
    info: (message) => {
      if (level === "info") console.log(`[rankwell] ${message}`);
    },
    error: (message, error) => {
      if (level !== "silent") console.error(`[rankwell] ${message}`, error instanceof Error ? error.stack : (error ?? ""));
    },
  };
}
