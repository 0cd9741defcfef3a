import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/**
 * Draining the HTTP server on shutdown. Once `drain` starts, the server takes no new connections,
 * closes the idle keep-alive ones, and every response still to be written says
 * `Connection: close`, so clients move to another instance instead of sending more here. Requests
 * in flight finish; whatever is still running when the grace period ends is cut.
 */
export interface Drainer {
  /** Wraps the app: every request and its response are tracked from the first byte. */
  wrap(app: RequestListener): RequestListener;
  /** Stops taking requests and waits up to `graceMs` for those in flight; answers how many were cut. */
  drain(server: Server, graceMs: number): Promise<{ cut: number }>;
  /** Requests being answered right now. */
  inFlight(): number;
}

export function createDrainer(): Drainer {
  const active = new Set<ServerResponse>();
  let draining = false;

  return {
    wrap(app) {
      return (req: IncomingMessage, res: ServerResponse) => {
        active.add(res);
        res.once("close", () => active.delete(res));
        if (draining) res.setHeader("Connection", "close");
        app(req, res);
      };
    },

    inFlight: () => active.size,

    async drain(server, graceMs) {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A response whose headers went out before the drain kept its connection alive: close it
      // as soon as it is idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), graceMs);
      });
      const outcome = await Promise.race([closed, graceOver]);
      clearInterval(sweep);
      clearTimeout(timer);
      if (outcome !== "timeout") return { cut: 0 };
      const cut = active.size;
      server.closeAllConnections();
      return { cut };
    },
  };
}
