import { asAppError, failure, formValues } from "../forms.server.ts";
import { isMultipart, readMultipart, type UploadedFile } from "../multipart.server.ts";
import type { Services } from "../services.server.ts";
import { fileTooLarge } from "./files/order-files.server.ts";

export interface PortalForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * A posted form of an order's page: plain fields, and files when the form was sent as
 * multipart/form-data (a message's attachments, a delivery, a brief's file answer), read as they
 * stream in and bounded by ORDER_FILE_MAX_MB and the number of files a post may carry.
 */
export async function portalForm(request: Request, services: Pick<Services, "orderFiles" | "config">): Promise<PortalForm> {
  if (!isMultipart(request.headers.get("content-type"))) return { fields: await formValues(request), files: [] };
  const maxBytes = services.orderFiles.maxBytes;
  return readMultipart(
    request.body,
    { contentType: request.headers.get("content-type"), contentLength: request.headers.get("content-length") },
    { maxFileBytes: maxBytes, maxFiles: services.config.orderFiles.maxPerPost, tooLarge: fileTooLarge(maxBytes) },
  );
}

/**
 * Runs an order page's action on its form. A refusal (a missing field, a disguised or too large
 * file, a step the order's stage does not allow) comes back to the page with what was typed;
 * nothing is stored.
 */
export async function orderAction<T>(request: Request, services: Pick<Services, "orderFiles" | "config">, work: (form: PortalForm) => Promise<T>) {
  let form: PortalForm = { fields: {}, files: [] };
  try {
    form = await portalForm(request, services);
    return await work(form);
  } catch (error) {
    const known = asAppError(error);
    if (known) return failure(known, form.fields);
    throw error;
  }
}
