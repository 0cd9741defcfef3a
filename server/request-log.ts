import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { type Logger, requestScope } from "~/logger.server.ts";
import type { Metrics } from "./metrics.ts";
import { routePattern } from "./route-pattern.ts";

const ids = new WeakMap<IncomingMessage, string>();

/** The id of a request (the X-Request-Id header, the error page's reference, every log line about it). */
export const requestIdOf = (req: IncomingMessage): string => ids.get(req) ?? "-";

/**
 * Wraps the whole server (fast path included): each request gets an id, sent back as
 * `X-Request-Id`, and everything logged while it is answered carries it (logger.server.ts
 * `requestScope`). When the answer is over, one JSON line says what it was (method, route
 * pattern, status, milliseconds, the signed-in user's id) and the metrics count it. Nothing of
 * the request's headers, query or body is logged: no cookie, token or password can get in.
 */
export function observeRequests(log: Logger, metrics: Metrics, app: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    // Read now: Express rewrites req.url while routing (a mounted router sees its own part).
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const scope = { reqId: randomUUID() as string, userId: undefined as string | undefined };
    ids.set(req, scope.reqId);
    res.setHeader("X-Request-Id", scope.reqId);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routePattern(method, url);
      // A client that went away before the answer was complete: 499, as nginx logs it.
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.request(route, method, status, seconds);
      log.info("request", { reqId: scope.reqId, method, route, status, ms: Math.round(seconds * 10_000) / 10, userId: scope.userId });
    });
    requestScope.run(scope, () => app(req, res));
  };
}
