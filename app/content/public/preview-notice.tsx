import { PREVIEW_PATHS } from "./preview.ts";

/**
 * The band above a preview page: says what it is and leads back, so nobody mistakes it for the
 * live site. A named region, so it sits in a landmark like the rest of the page.
 */
export function PreviewNotice() {
  const link = "font-semibold underline";
  return (
    <section aria-label="Preview" className="border-b-2 border-amber-700 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
      <strong>Preview</strong>: this page with every unpublished change. Visitors do not see it until it is published.{" "}
      <span className="inline-block">
        <a href={PREVIEW_PATHS.home} className={link}>
          Home
        </a>
        {" · "}
        <a href={PREVIEW_PATHS.pricing} className={link}>
          Pricing
        </a>
        {" · "}
        <a href={PREVIEW_PATHS.service} className={link}>
          Services
        </a>
        {" · "}
        <a href="/admin/drafts" className={link}>
          Back to unpublished changes
        </a>
      </span>
    </section>
  );
}
