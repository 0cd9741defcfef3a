import type { RequestHandler } from "express";

/**
 * For the PayPal stand-in: it lets anyone mark any order Paid, so it answers only clients on this
 * machine, whatever HOST the server listens on. The socket's own address decides, never
 * X-Forwarded-For (which a client can write).
 */
export function loopbackOnly(): RequestHandler {
  return (req, res, next) => {
    if (isLoopback(req.socket.remoteAddress)) return next();
    res.status(403).json({ error: "The PayPal stand-in answers only on this machine." });
  };
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
