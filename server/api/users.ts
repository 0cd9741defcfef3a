import { auditActor } from "~/audit/audit.server.ts";
import { endAllSessionsOf } from "~/auth/sessions.server.ts";
import { AppError } from "~/errors.ts";
import { addUser, deleteUser, getUser, listUsers, resendInvitation, updateUser, USERS_PAGE_SIZE } from "~/users/users.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { pagedList } from "./list-query.ts";

/** Admin users (rows of user_roles). Who may call each is in app/access.ts. */
export const userEndpoints: Endpoint[] = [
  pagedList("/users", USERS_PAGE_SIZE, (services, page, pageSize) => listUsers(services.db, page, pageSize)),
  {
    method: "POST",
    path: "/add-user",
    status: 201,
    handle: ({ services, viewer, body }) => addUser(services, auditActor(viewer), body),
  },
  {
    method: "GET",
    path: "/users/:id",
    handle: ({ services, params }) => getUser(services.db, params.id!),
  },
  {
    // The spec's path, misspelling included.
    method: "PUT",
    path: "/upadete-users/:id",
    handle: ({ services, viewer, params, body }) => updateUser(services, auditActor(viewer), params.id!, body),
  },
  {
    method: "DELETE",
    path: "/users/:id",
    handle: ({ services, viewer, params }) => deleteUser(services, auditActor(viewer), params.id!),
  },
  {
    // Not in the spec: sends a pending grant's invitation again (the old link stops working).
    method: "POST",
    path: "/users/:id/invitation",
    handle: ({ services, viewer, params }) => resendInvitation(services, auditActor(viewer), params.id!),
  },
  {
    // Not in the spec: an Admin signs a person (anyone with an account) out of every session.
    method: "POST",
    path: "/sign-out-everywhere",
    async handle({ services, viewer, body }) {
      const email = (body as { userEmail?: unknown }).userEmail;
      if (typeof email !== "string" || !email.trim()) throw new AppError(400, "Please check the field: Email.", { userEmail: "Email is Required" });
      const ended = await endAllSessionsOf(services.db, auditActor(viewer), email);
      return { message: `Signed out everywhere`, sessionsEnded: ended };
    },
  },
];
