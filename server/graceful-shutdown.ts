import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import net from "node:net";

/** How long idle keep-alive connections may still bring a last request once draining starts. */
const IDLE_GRACE_MS = 500;
/**
 * How long the listener stays open after the signal. Connections a busy process had not yet
 * accepted wait in the kernel's backlog, and closing a listening socket resets every one of them:
 * requests sent well before the signal were lost that way on SQLite. A moment of listening lets
 * the event loop accept them all (it accepts the whole backlog each time round).
 */
const LISTEN_LINGER_MS = 50;

/**
 * Draining the HTTP server on shutdown. Once `drain` starts, every response still to be written
 * says `Connection: close`, so clients move to another instance instead of sending more here;
 * the server accepts what is already waiting in its backlog, then takes no new connections, and
 * closes keep-alive connections once idle (never one with a request it has received but not read
 * yet). Requests in flight finish; whatever is still running when the grace period ends is cut.
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
      // Stop listening, but leave idle keep-alive connections a moment: a client busy on one gets
      // one more answer, with `Connection: close`, instead of a reset for a request it sent just as
      // the connection was closed. (http.Server#close would close them at once.)
      const closed = new Promise<void>((resolve) => {
        setTimeout(() => net.Server.prototype.close.call(server, () => resolve()), Math.min(LISTEN_LINGER_MS, graceMs / 10));
      });
      // A connection counts as idle until its next request has been read. Under load, bytes may
      // wait unread in the socket; closing it then would reset a request the client had sent. So
      // each sweep lets the event loop read what is waiting first (its poll phase runs between a
      // timer and setImmediate), and only then closes what is still idle.
      const closeIdle = () => setImmediate(() => server.closeIdleConnections());
      let sweep: NodeJS.Timeout | undefined;
      const sweeping = setTimeout(() => {
        closeIdle();
        sweep = setInterval(closeIdle, 100);
      }, Math.min(IDLE_GRACE_MS, graceMs / 4));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), graceMs);
      });
      const outcome = await Promise.race([closed, graceOver]);
      clearTimeout(sweeping);
      clearInterval(sweep);
      clearTimeout(timer);
      if (outcome !== "timeout") return { cut: 0 };
      const cut = active.size;
      server.closeAllConnections();
      return { cut };
    },
  };
}
