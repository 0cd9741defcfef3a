import express, { type Router } from "express";
import type { IncomingHttpHeaders } from "node:http";
import { apiAccess, apiKey, requiredRole } from "~/access.ts";
import { roleWaitMessage } from "~/auth/confirmation.ts";
import { hasRole } from "~/auth/roles.ts";
import { loadViewer } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import type { Services } from "~/services.server.ts";
import { NO_PERMISSION, SIGN_IN_FIRST } from "~/shared/messages.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * Mounts the endpoints with the access the table gives each. An endpoint missing from the table
 * stops start-up: nothing is reachable without a stated role.
 */
export function apiRouter(services: Services, endpoints: Endpoint[], clientIpOf: (req: express.Request) => string): Router {
  const router = express.Router();
  router.use(express.json({ limit: "64kb" }));
  router.use(express.urlencoded({ extended: false, limit: "64kb" }));

  for (const endpoint of endpoints) {
    const access = apiAccess[apiKey(endpoint.method, endpoint.path)];
    if (!access) throw new Error(`API ${endpoint.method} ${endpoint.path} is not in the access table`);
    const method = endpoint.method.toLowerCase() as "get" | "post" | "put" | "delete";
    router[method](endpoint.path, async (req, res) => {
      const clientIp = clientIpOf(req);
      const viewer = await loadViewer(services, webHeaders(req.headers), clientIp);
      if (access !== "public" && !viewer.user) throw new AppError(401, SIGN_IN_FIRST);
      const role = requiredRole(access);
      if (role && !hasRole(viewer, role)) {
        // A role that waits for a verified address or a second factor: say what to do.
        const waiting = viewer.roleWait && hasRole({ roles: [viewer.roleWait.role] }, role);
        throw new AppError(403, waiting ? roleWaitMessage(viewer.roleWait!) : NO_PERMISSION);
      }
      const result = await endpoint.handle({
        req,
        params: req.params as Record<string, string>,
        body: req.body ?? {},
        query: new URL(req.originalUrl, "http://x").searchParams,
        viewer,
        services,
        clientIp,
        setHeader: (name, value) => res.setHeader(name, value),
      });
      res.status(endpoint.status ?? 200).json(result);
    });
  }

  router.use((_req, res) => {
    res.status(404).json({ error: "No such API call" });
  });
  return router;
}

/** A Node request's headers as the Fetch API's Headers (what better-auth reads the session from). */
function webHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const v of value) result.append(name, v);
    else if (value !== undefined) result.set(name, value);
  }
  return result;
}
