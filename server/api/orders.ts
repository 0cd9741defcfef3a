import { auditActor } from "~/audit/audit.server.ts";
import { hasRole } from "~/auth/roles.ts";
import {
  adminFilter,
  cancelOrderFromApi,
  createOrderFromApi,
  filterFor,
  listOrders,
  orderForViewer,
  setOrderStatus,
  toOrderRecord,
} from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { timelineOf } from "~/orders/portal.server.ts";
import { idempotencyKeySchema, ORDER_STATUS_UPDATED } from "~/orders/schema.ts";
import { parseInput } from "~/errors.ts";
import { z } from "zod";
import { enforceRateLimit } from "~/security/rate-limit.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery } from "./list-query.ts";

/**
 * Orders. Who may call each is in app/access.ts; on top of that a customer only ever reaches
 * their own orders (filtered by account in SQL; another's order id answers 404), an admin all.
 */
export const orderEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/orders",
    async handle({ services, viewer, query }) {
      const admin = hasRole(viewer, "Admin");
      const { page, pageSize } = listQuery(query, admin ? ORDER_PAGE_SIZES.allOrders : ORDER_PAGE_SIZES.customerOrders);
      // Admins may narrow the list: ?stage=in-progress, or ?waiting=us|customer|overdue.
      const narrowed = admin ? adminFilter({ stage: query.get("stage"), waiting: query.get("waiting") }) : {};
      return listOrders(services.db, { ...filterFor(viewer), ...narrowed }, page, pageSize);
    },
  },
  {
    method: "GET",
    path: "/order/:id",
    async handle({ services, viewer, params }) {
      const order = await orderForViewer(services.db, viewer, params.id!);
      // The spec's record, with where the order is in its work and how it got there.
      return { ...toOrderRecord(order), stageHistory: await timelineOf(services.db, order.id) };
    },
  },
  {
    method: "POST",
    path: "/new-order",
    status: 201,
    // With an Idempotency-Key header a retry answers the first order (marked Idempotent-Replayed).
    async handle({ services, viewer, body, clientIp, req, setHeader }) {
      const header = req.get("Idempotency-Key");
      const key = header === undefined ? undefined : parseInput(z.object({ "Idempotency-Key": idempotencyKeySchema }), { "Idempotency-Key": header })["Idempotency-Key"];
      await enforceRateLimit(services.rateLimiter, "order", clientIp);
      const placed = await createOrderFromApi(services, viewer.user!, body, key && `api:${key}`);
      if (placed.replayed) setHeader("Idempotent-Replayed", "true");
      return placed.order;
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
