import type { Request } from "express";
import type { ApiMethod } from "~/access.ts";
import type { Viewer } from "~/auth/viewer.server.ts";
import type { Services } from "~/services.server.ts";

export interface ApiContext {
  req: Request;
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
  viewer: Viewer;
  services: Services;
  clientIp: string;
  /** Adds a header to the answer (e.g. Idempotent-Replayed). */
  setHeader(name: string, value: string): void;
}

/** One JSON API call. Its access level is not declared here: it comes from app/access.ts. */
export interface Endpoint {
  method: ApiMethod;
  path: string;
  /** Status on success; 200 unless the call creates something. */
  status?: number;
  handle(ctx: ApiContext): Promise<unknown>;
}
