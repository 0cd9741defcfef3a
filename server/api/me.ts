import { hasRole } from "~/auth/roles.ts";
import type { Endpoint } from "./endpoint.ts";

/** Who the caller is: lets a browser or client learn its own roles without listing all users. */
export const meEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/me",
    async handle({ viewer }) {
      return { user: viewer.user ? { email: viewer.user.email, name: viewer.user.name } : null, isAdmin: hasRole(viewer, "Admin"), roles: viewer.roles };
    },
  },
];
