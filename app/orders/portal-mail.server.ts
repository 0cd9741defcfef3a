import { orderNumberText } from "./order-number.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import type { Services } from "../services.server.ts";
import { listAdmins } from "../users/roles.server.ts";
import type { Selectable } from "kysely";
import type { OrdersTable } from "../db/tables.ts";
import { orderPagePath, type Side } from "./sides.ts";

type OrderRow = Selectable<OrdersTable>;

/**
 * The mails of an order's work (a message, the brief, a delivery, an approval): to the other side,
 * queued through the outbox in the transaction that stores what they tell of, each with the link
 * to the order's page as that side sees it.
 */

export type MailServices = Pick<Services, "mailer" | "config">;

/** "Premium order of 12 May (#a1b2c3)": how a mail names an order. */
export const orderName = (order: Pick<OrderRow, "package_name" | "number">) => `${order.package_name} order ${orderNumberText(order.number)}`;

export async function mailSide(services: MailServices, trx: DbOrTrx, order: OrderRow, to: Side, mail: { subject: string; lines: string[] }): Promise<void> {
  const link = `${services.config.appUrl}${orderPagePath(order.id, to)}`;
  const recipients = to === "customer" ? [order.customer_email] : await listAdmins(trx);
  const content = { title: mail.subject, paragraphs: paragraphsOf(mail.lines), button: { label: "Open the order", url: link } };
  for (const recipient of recipients) {
    await services.mailer.send({ to: recipient, subject: mail.subject, text: [...mail.lines, "", `Open the order: ${link}`].join("\n"), content }, trx);
  }
}

/** Lines with blank ones between paragraphs, as paragraphs (a line may hold a customer's own line breaks). */
export function paragraphsOf(lines: readonly string[]): string[] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === "") paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  return paragraphs.filter((p) => p.length).map((p) => p.join("\n"));
}
