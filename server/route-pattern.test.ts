import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern.ts";

describe("routePattern", () => {
  it("names a request by its row in the access tables, never by its raw path", () => {
    expect(routePattern("GET", "/api/me")).toBe("/api/me");
    expect(routePattern("GET", "/api/order/0123456789abcdef01234567?x=1")).toBe("/api/order/:id");
    expect(routePattern("POST", "/api/new-order")).toBe("/api/new-order");
    expect(routePattern("GET", "/api/no/such/call")).toBe("/api/unmatched");
    expect(routePattern("GET", "/all-subscriber")).toBe("/all-subscriber");
    expect(routePattern("GET", "/all-subscriber.data")).toBe("/all-subscriber.data");
    expect(routePattern("GET", "/metrics")).toBe("/metrics");
    expect(routePattern("GET", "/healthz")).toBe("/healthz");
    expect(routePattern("GET", "/assets/entry-abc123.js")).toBe("/assets/*");
    expect(routePattern("POST", "/api/auth/sign-in/email")).toBe("/api/auth/*");
    expect(routePattern("GET", "/paypal-standin/checkoutnow?token=X")).toBe("/paypal-standin/*");
  });
});
