import { data } from "react-router";
import { ErrorPage } from "~/layout/error-page.tsx";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import type { Route } from "./+types/not-found";

/** Unknown paths: the error boundary below shows the friendly 404 page. */
export function loader() {
  throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
}

export default function NotFound() {
  return null;
}

/** Handled here rather than at the root, so the page keeps the root's logo and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
