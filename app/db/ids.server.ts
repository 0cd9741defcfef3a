import { randomBytes } from "node:crypto";

/** Record ids: 24 hex characters, unguessable and URL-safe. */
export const newId = () => randomBytes(12).toString("hex");

export const isId = (value: string) => /^[0-9a-f]{24}$/.test(value);
