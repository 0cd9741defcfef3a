import { data } from "react-router";
import { PAGE_NOT_FOUND } from "../shared/messages.ts";
import { requestContext, type RouteContext, type Services } from "../services.server.ts";

/** The stand-in exists only in PAYPAL_MODE=standin; with sandbox or live it is a plain 404. */
export function requireStandin(context: RouteContext): Services {
  const { services } = context.get(requestContext);
  if (services.config.paypal.mode !== "standin") throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  return services;
}
