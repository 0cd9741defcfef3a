import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isOutage } from "./db/outage.server.ts";
import { AppError } from "./errors.ts";
import { requestContext } from "./services.server.ts";
import { NonceProvider } from "./ui/nonce.tsx";

export const streamTimeout = 5_000;

/** React Router's Node entry, plus the CSP nonce on every script it writes. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The body limit already answered 413 and the action failed reading the rest: nobody reads a page.
  if (bodyRefused(routerContext)) return new Response(null, { status: 413 });
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

function bodyRefused(routerContext: EntryContext): boolean {
  const errors = routerContext.staticHandlerContext.errors;
  return errors !== null && Object.values(errors).some((error) => isRouteErrorResponse(error) && error.status === 413);
}

/** Unexpected loader/action/render errors: logged with the request id; the page shows a friendly message. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted, or a refusal already answered (a body over the limit fails the form parser after its 413).
  if (request.signal.aborted || error instanceof AppError) return;
  let requestId = "-";
  try {
    const info = (context as RouterContextProvider).get(requestContext);
    requestId = info.requestId;
    if (isOutage(error)) info.dbOutage = true;
    info.services.log.error(`request ${requestId} ${request.method} ${new URL(request.url).pathname} failed`, error);
  } catch {
    console.error(error);
  }
};
