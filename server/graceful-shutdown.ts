import { readFileSync, readlinkSync } from "node:fs";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/** How long idle keep-alive connections may still bring a last request once draining starts. */
const IDLE_GRACE_MS = 500;
/**
 * A connection is closed as idle only once it has been idle this long: a connection just accepted,
 * or just done with a response, may hold a request the event loop has not read yet (a busy
 * process reads late), and closing it would reset a request the client had already sent.
 */
const IDLE_MIN_MS = 1000;
/**
 * How long the listener stays open after the signal at least. Connections a busy process had not
 * yet accepted wait in the kernel's accept queue, and closing a listening socket resets every one
 * of them; what arrives meanwhile is answered with `Connection: close`.
 */
const LISTEN_LINGER_MS = 250;
/**
 * Node accepts one queued connection per turn of the event loop, and a turn of a busy process
 * (SQLite answers synchronously) can take a few hundred milliseconds: a quarter of a second took
 * in only one or two of the connections waiting at the signal, and the rest, requests sent up to
 * a second before it, were reset. So the listener stays open until every connection queued when
 * draining began has been accepted (the queue is first in, first out), up to this share of the
 * grace period.
 */
const LISTEN_MAX_SHARE = 0.5;

/**
 * How many established connections wait, unaccepted, in a listening socket's queue: on Linux the
 * `rx_queue` of its LISTEN row in /proc/net/tcp or tcp6, found by the socket's inode. Undefined
 * where that cannot be read (another system): the drain then lingers LISTEN_LINGER_MS only.
 */
export function acceptQueueLength(server: Server): number | undefined {
  try {
    const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (fd === undefined || fd < 0) return undefined;
    const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    if (!inode) return undefined;
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        const cols = line.trim().split(/\s+/);
        if (cols[3] === "0A" && cols[9] === inode) return parseInt(cols[4]!.split(":")[1]!, 16);
      }
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Draining the HTTP server on shutdown. Once `drain` starts, every response still to be written
 * says `Connection: close`, so clients move to another instance instead of sending more here;
 * the server accepts every connection already waiting in its queue, then takes no new ones, and
 * closes keep-alive connections once they have been idle a moment (never one whose request has
 * arrived, read or not yet read). Requests in flight finish; whatever is still running when the
 * grace period ends is cut.
 */
export interface Drainer {
  /** Wraps the app: every request and its response are tracked from the first byte. */
  wrap(app: RequestListener): RequestListener;
  /** Follows the server's connections (when each was last busy); call once, before it listens. */
  attach(server: Server): void;
  /** Stops taking requests and waits up to `graceMs` for those in flight; answers how many were cut. */
  drain(server: Server, graceMs: number): Promise<{ cut: number }>;
  /** Requests being answered right now. */
  inFlight(): number;
}

interface ConnectionState {
  /** Requests on it being answered now. */
  busy: number;
  /** When it was accepted or last finished a response. */
  idleSince: number;
  /** Bytes read by then: more since means a next request has begun to arrive. */
  bytesAtIdle: number;
}

export function createDrainer(): Drainer {
  const active = new Set<ServerResponse>();
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;
  /** Connections accepted since draining began. */
  let acceptedWhileDraining = 0;

  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.busy > 0 || now - state.idleSince < IDLE_MIN_MS || socket.bytesRead > state.bytesAtIdle) continue;
      socket.destroy();
    }
  };

  return {
    attach(server) {
      server.on("connection", (socket: Socket) => {
        if (draining) acceptedWhileDraining += 1;
        connections.set(socket, { busy: 0, idleSince: Date.now(), bytesAtIdle: 0 });
        socket.once("close", () => connections.delete(socket));
      });
    },

    wrap(app) {
      return (req: IncomingMessage, res: ServerResponse) => {
        active.add(res);
        const state = connections.get(req.socket);
        if (state) state.busy += 1;
        res.once("close", () => {
          active.delete(res);
          if (state) {
            state.busy -= 1;
            state.idleSince = Date.now();
            state.bytesAtIdle = req.socket.bytesRead;
          }
        });
        if (draining) res.setHeader("Connection", "close");
        app(req, res);
      };
    },

    inFlight: () => active.size,

    async drain(server, graceMs) {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
      // Stop listening once the connections queued now have been accepted (at least one more
      // turn of the event loop, and LISTEN_LINGER_MS), then wait for every connection to end.
      // (http.Server#close would also close idle connections at once.)
      const queued = acceptQueueLength(server);
      const started = Date.now();
      const closed = new Promise<void>((resolve) => {
        const closeWhenAccepted = () => {
          const waited = Date.now() - started;
          const done = queued === undefined || acceptedWhileDraining >= queued || acceptQueueLength(server) === 0;
          if ((waited >= Math.min(LISTEN_LINGER_MS, graceMs / 10) && done) || waited >= graceMs * LISTEN_MAX_SHARE) {
            net.Server.prototype.close.call(server, () => resolve());
          } else setTimeout(() => setImmediate(closeWhenAccepted), 20);
        };
        // After the event loop's poll phase (setImmediate), which accepts.
        setImmediate(closeWhenAccepted);
      });
      // Each sweep runs after the event loop's poll phase (setImmediate), so what had arrived
      // on a connection by then has been read and counts as a request.
      const sweepSoon = () => setImmediate(closeIdle);
      let sweep: NodeJS.Timeout | undefined;
      const sweeping = setTimeout(() => {
        sweepSoon();
        sweep = setInterval(sweepSoon, 100);
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
