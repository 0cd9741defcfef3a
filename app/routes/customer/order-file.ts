import { viewerContext } from "~/auth/viewer.server.ts";
import { orPageError } from "~/forms.server.ts";
import { orderAccess } from "~/orders/access.server.ts";
import { orderFile } from "~/orders/files/order-files.server.ts";
import { requestContext } from "~/services.server.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import type { Route } from "./+types/order-file";

/**
 * A file of an order (an attachment, a deliverable, a brief's file): only for the order's customer
 * and Admins, like the order itself; anyone else gets a 404. Always a download (never shown in the
 * site's origin), its type as checked on upload, never sniffed, never kept by a shared cache.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { order } = await orPageError(orderAccess(services.db, context.get(viewerContext), params.id));
  const file = await orderFile(services.db, params.fileId);
  const bytes = file && file.order_id === order.id ? await services.orderFiles.bytes(file) : undefined;
  if (!file || !bytes) throw new Response(PAGE_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(bytes.length),
      // RFC 6266: an ASCII fallback name and the real one, UTF-8 encoded.
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      // Every answer here already carries X-Content-Type-Options: nosniff (server/security-headers.ts)
      // and Cache-Control: private, no-store (server/session-dependent.ts).
    },
  });
}
