import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import type { Config } from "./config.server.ts";

/**
 * The process's log: one JSON line per event on stdout (pino), so a host's log collector can
 * parse, filter and count it; `LOG_FORMAT=pretty` turns the same lines into short text for a
 * terminal. A line written while a request is being answered carries its request id (`reqId`,
 * the `X-Request-Id` header and the reference an error page shows), read from `requestScope`.
 */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
}

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** What the lines written while answering one request share; the user id is filled in once known. */
export interface RequestScope {
  reqId: string;
  userId?: string;
}

/** The request being answered by the code running now (server/request-log.ts sets it). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The signed-in user of the request being answered, for its log line (auth/viewer.server.ts). */
export function noteUserId(id: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.userId = id;
}

export interface LoggerOptions {
  format?: "json" | "pretty";
  /** Where lines go (tests capture them); stdout by default, written synchronously so a crash loses none. */
  destination?: { write(line: string): unknown };
}

/**
 * Never in a line, whatever a caller passes as fields: passwords, tokens, secrets, cookies,
 * authorization headers, card data. Bodies are never logged at all; this is the second fence.
 */
const SECRET_KEYS = ["password", "newPassword", "currentPassword", "token", "secret", "cookie", "authorization", "card", "cardNumber", "cvv", "clientSecret", "accessToken"];
export const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`), 'headers["set-cookie"]', "*.headers.cookie", "*.headers.authorization"];

export function createLogger(level: Config["logLevel"], options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? pino.destination({ dest: 1, sync: true });
  const out = options.format === "pretty" ? prettyLines(destination) : destination;
  const base = pino(
    {
      level: level === "silent" ? "silent" : level,
      base: { pid: process.pid },
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { reqId: scope.reqId, ...(scope.userId ? { userId: scope.userId } : {}) } : {};
      },
    },
    out as pino.DestinationStream,
  );
  return {
    info: (message, fields) => base.info(fields ?? {}, message),
    error: (message, error, fields) => {
      const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : error === undefined ? undefined : { message: String(error) };
      base.error({ ...fields, ...(err ? { err } : {}) }, message);
    },
  };
}

/** LOG_FORMAT=pretty: `12:03:04 INFO message key=value …`, one line per event (a stack follows it). */
function prettyLines(target: { write(line: string): unknown }) {
  return {
    write(line: string) {
      try {
        const { time, level, msg, pid: _pid, err, ...rest } = JSON.parse(line) as Record<string, unknown>;
        const fields = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
        const clock = typeof time === "string" ? time.slice(11, 19) : "";
        const stack = err && typeof err === "object" && "stack" in err && err.stack ? `\n${String(err.stack)}` : err ? ` err=${JSON.stringify(err)}` : "";
        target.write(`${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg)}${fields.length ? ` ${fields.join(" ")}` : ""}${stack}\n`);
      } catch {
        target.write(line);
      }
    },
  };
}
