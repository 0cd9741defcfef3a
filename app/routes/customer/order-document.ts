import { viewerContext } from "~/auth/viewer.server.ts";
import { orPageError } from "~/forms.server.ts";
import { documentFile } from "~/invoices/documents.server.ts";
import { orderAccess } from "~/orders/access.server.ts";
import { requestContext } from "~/services.server.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import type { Route } from "./+types/order-document";

/**
 * An invoice or credit note of an order, as a PDF download: only for the order's customer and
 * Admins (orders/access.server.ts); anyone else gets a 404, as for an id that does not exist.
 * The bytes are the ones stored when it was first drawn, never drawn again differently.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { order } = await orPageError(orderAccess(services.db, context.get(viewerContext), params.id));
  const file = await documentFile(services.db, order.id, params.docId);
  if (!file) throw new Response(PAGE_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  const name = `${file.doc.number.replace(/[^A-Za-z0-9/-]/g, "_").replace(/\//g, "-")}.pdf`;
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.pdf.length),
      "Content-Disposition": `attachment; filename="${name}"`,
      // Cache-Control: private, no-store comes with every signed-in answer (server/session-dependent.ts).
    },
  });
}
