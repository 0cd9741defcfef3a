import { addUser, deleteUser, getUser, listUsers, updateUser, USERS_PAGE_SIZE } from "~/users/users.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { pagedList } from "./list-query.ts";

/** Admin users (rows of user_roles). Who may call each is in auth/access.ts. */
export const userEndpoints: Endpoint[] = [
  pagedList("/users", USERS_PAGE_SIZE, (services, page, pageSize) => listUsers(services.db, page, pageSize)),
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
