import { createHash, randomBytes } from "node:crypto";

/**
 * Tokens for links we mail (unsubscribe, invitations): 32 random bytes, URL-safe. Only their
 * sha256 is stored, so a copy of the database holds no working link.
 */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Anything else (a path, 10 kB, a NUL byte) cannot be one of ours: no query is made for it. */
export const looksLikeLinkToken = (token: string) => /^[A-Za-z0-9_-]{32,64}$/.test(token);
