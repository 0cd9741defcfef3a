import { addUser, deleteUser, getUser, listUsers, updateUser, USERS_PAGE_SIZE } from "~/users/users.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery } from "./list-query.ts";

/** Admin users (rows of user_roles). Who may call each is in auth/access.ts. */
export const userEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/users",
    async handle({ services, query }) {
      const { page, pageSize } = listQuery(query, USERS_PAGE_SIZE);
      return listUsers(services.db, page, pageSize);
    },
  },
  {
    method: "POST",
    path: "/add-user",
    status: 201,
    handle: ({ services, body }) => addUser(services.db, body),
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
    handle: ({ services, params, body }) => updateUser(services.db, services.dbKind, params.id!, body),
  },
  {
    method: "DELETE",
    path: "/users/:id",
    handle: ({ services, params }) => deleteUser(services.db, services.dbKind, params.id!),
  },
];
