import { auditActor } from "~/audit/audit.server.ts";
import { hasRole } from "~/auth/roles.ts";
import {
  cancelOrderFromApi,
  createOrderFromApi,
  filterFor,
  listOrders,
  orderForViewer,
  setOrderStatus,
  toOrderRecord,
} from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { ORDER_STATUS_UPDATED } from "~/orders/schema.ts";
import { enforceRateLimit } from "~/security/rate-limit.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery } from "./list-query.ts";

/**
 * Orders. Who may call each is in auth/access.ts; on top of that a customer only ever reaches
 * their own orders (filtered by account in SQL; another's order id answers 404), an admin all.
 */
export const orderEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/orders",
    async handle({ services, viewer, query }) {
      const { page, pageSize } = listQuery(query, hasRole(viewer, "Admin") ? ORDER_PAGE_SIZES.allOrders : ORDER_PAGE_SIZES.customerOrders);
      return listOrders(services.db, filterFor(viewer), page, pageSize);
    },
  },
  {
    method: "GET",
    path: "/order/:id",
    async handle({ services, viewer, params }) {
      return toOrderRecord(await orderForViewer(services.db, viewer, params.id!));
    },
  },
  {
    method: "POST",
    path: "/new-order",
    status: 201,
    async handle({ services, viewer, body, clientIp }) {
      await enforceRateLimit(services.rateLimiter, "order", clientIp);
      return createOrderFromApi(services, viewer.user!, body);
    },
  },
  {
    method: "PUT",
    path: "/order-status/:id",
    async handle({ services, viewer, params, body }) {
      const order = await setOrderStatus(services.db, auditActor(viewer), params.id!, body);
      return { message: ORDER_STATUS_UPDATED, item: order };
    },
  },
  {
    method: "PUT",
    path: "/order-cancelled/:id",
    async handle({ services, viewer, params }) {
      return cancelOrderFromApi(services.db, viewer, params.id!);
    },
  },
];
