import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { AppError } from "~/errors.ts";

/**
 * One limit on request bodies in front of every route (page actions, /api, /api/auth, PayPal's
 * notifications, the stand-in): 413 as soon as the declared Content-Length or the bytes actually
 * received pass it, chunked bodies included, without reading the rest. Routes that need more (a
 * media upload) get their own, larger limit through `routes`, decided before any byte is read.
 *
 * Bytes are counted where Node hands them to the request stream (its `push`), so the count is
 * right whoever reads the body (Express's parsers, React Router, better-auth) and before they
 * buffer it. Past the limit the bytes are dropped, the client gets 413 with `Connection: close`,
 * and the connection is closed after a short linger without reading more, so memory stays flat
 * under a flood.
 */

export interface BodyLimitOptions {
  /** Bytes allowed for any route not listed in `routes`. */
  maxBytes: number;
  /** Larger (or smaller) limits for some paths, first match wins; `refusal` is their own 413 body. */
  routes?: { path: RegExp; maxBytes: number; refusal?: Refusal }[];
  /** How long a refused connection may still send before it is cut (ms). */
  lingerMs?: number;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A 413's JSON body: `{ error, fields? }`, as every other refusal. */
export type Refusal = { error: string; fields?: Record<string, string> };

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

export function bodyLimit(options: BodyLimitOptions): RequestHandler {
  const { maxBytes, routes = [], lingerMs = 1000 } = options;
  const routeFor = (path: string) => routes.find((r) => r.path.test(path));

  return (req, res, next) => {
    const route = routeFor(req.path);
    const limit = route?.maxBytes ?? maxBytes;
    const refusal = route?.refusal ?? { error: `The request is too large: at most ${kib(limit)} may be sent here.` };
    const declared = req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
    if (declared !== undefined && declared > limit) {
      refuse(req, res, refusal, lingerMs);
      return;
    }
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && !declared) return next();

    let received = req.readableLength;
    let refused = false;
    const push = req.push.bind(req) as IncomingMessage["push"];
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk === null || refused) return chunk === null && !refused ? push(chunk, encoding) : false;
      received += (chunk as Buffer).length;
      if (received > limit) {
        refused = true;
        refuse(req, res, refusal, lingerMs);
        failBody(req, refusal);
        return false;
      }
      return push(chunk, encoding);
    };
    // Answered before the body was read (a 403, a 404): Node would read the rest to keep the
    // connection; past the limit it is not worth it, so the connection ends instead.
    res.on("finish", () => {
      if (!req.complete && !refused && (declared === undefined || declared > limit)) closeSoon(req, lingerMs);
    });
    next();
  };
}

function refuse(req: Request, res: Response, refusal: Refusal, lingerMs: number) {
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    res.status(413).json(refusal);
  }
  closeSoon(req, lingerMs);
}

/**
 * Fails the body for whoever is reading it (a route's form parser), so it lets go of the part it
 * holds now rather than when the lingering connection closes: a second later, at a flood's pace,
 * that was a megabyte per refused post, hundreds of megabytes held. Only the request stream is
 * destroyed; Node's own destroy would also reset the connection before the client read its 413.
 */
function failBody(req: Request, refusal: Refusal) {
  req._destroy = (error, callback) => callback(req.listenerCount("error") > 0 ? error : null);
  // An AppError, so the reader's failure is known for the client's fault and not logged as ours.
  req.destroy(new AppError(413, refusal.error));
}

/**
 * Ends the connection once the answer is out: the client reads its 413 rather than a reset, and
 * whatever it still sends is left unread, for at most `lingerMs`.
 */
function closeSoon(req: Request, lingerMs: number) {
  const socket = req.socket;
  if (socket.destroyed) return;
  // Node ends a `Connection: close` answer with `destroySoon()`: FIN, then destroy as soon as the
  // answer is flushed. A client still sending then gets a reset, and a reset makes its kernel drop
  // the 413 it has not read yet. So only the sending side closes here, and the timer below
  // destroys the socket: a lingering close, as nginx's `lingering_close` does for the same reason.
  socket.destroySoon = function endOnly(this: typeof socket) {
    this.end();
  };
  // Unlike nginx, the rest is not even read: it would only be dropped. Paused, the client's sends
  // stall in the kernel's buffers while it reads its 413; the request stream would resume the
  // socket, so it stays paused until the timer destroys it.
  socket.pause();
  socket.resume = function stayPaused(this: typeof socket) {
    return this;
  };
  socket.once("close", () => clearTimeout(timer));
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
}
