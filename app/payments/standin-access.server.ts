import { data } from "react-router";
import { requestContext, type Services } from "../services.server.ts";

type ContextLike = { get(ctx: typeof requestContext): { services: Services } };

/** The stand-in exists only in PAYPAL_MODE=standin; with sandbox or live it is a plain 404. */
export function requireStandin(context: ContextLike): Services {
  const { services } = context.get(requestContext);
  if (services.config.paypal.mode !== "standin") throw data({ message: "Page not found" }, { status: 404 });
  return services;
}
