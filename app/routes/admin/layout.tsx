import { Outlet } from "react-router";
import { AdminFrame } from "~/layout/admin-frame.tsx";
import { ErrorReference, errorText } from "~/layout/error-page.tsx";
import type { Route } from "./+types/layout";
import { LinkLine } from "~/ui/link-line.tsx";
import { UnsavedChangesGuard } from "~/ui/unsaved-changes.tsx";

/**
 * Every admin screen sits in the admin frame (routes.ts wraps them in this layout route). Leaving a
 * screen whose form has unsaved changes asks first (one guard for the whole admin area).
 */
export default function AdminLayout() {
  return (
    <AdminFrame>
      <UnsavedChangesGuard>
        <Outlet />
      </UnsavedChangesGuard>
    </AdminFrame>
  );
}

/** An admin screen's error (an unknown record, a 409) stays inside the admin frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, detail } = errorText(error);
  return (
    <AdminFrame>
      <h1 className="text-3xl font-bold">{title}</h1>
      {detail && <p className="mt-4 text-gray-700">{detail}</p>}
      <ErrorReference error={error} />
      <LinkLine to="/admin" className="mt-8">
        Back to the dashboard
      </LinkLine>
    </AdminFrame>
  );
}
