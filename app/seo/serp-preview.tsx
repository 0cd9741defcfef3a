import { useEffect, useState } from "react";
import { serpResult } from "./serp.ts";

type Values = Record<string, string>;

/**
 * A search result as the edited page would show in it: the title (the blue link line), the
 * address, the description, with the warnings of seo/serp.ts. Rendered on the server from the
 * form's values; in the browser it follows the form (`formId`) as the editor types. The form
 * works without it.
 */
export function SerpPreview({
  formId,
  siteUrl,
  initial,
  describe,
}: {
  formId: string;
  siteUrl: string;
  initial: Values;
  describe: (values: Values) => { path?: string; fallback: { title: string; description: string } };
}) {
  const [values, setValues] = useState(initial);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const update = () => {
      const next: Values = {};
      new FormData(form).forEach((value, name) => {
        if (typeof value === "string") next[name] = value;
      });
      setValues(next);
    };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, [formId]);
  const { path, fallback } = describe(values);
  const result = serpResult({ siteUrl, path, metaTitle: values.metaTitle, metaDescription: values.metaDescription, fallback });
  return (
    <section aria-labelledby="serp-heading" className="mt-8 max-w-2xl">
      <h2 id="serp-heading" className="mb-2 text-lg font-semibold">
        Search result preview
      </h2>
      <div className="rounded-lg border border-gray-300 bg-white p-4" data-testid="serp-preview">
        {/* Whole, broken anywhere: Google cuts a long address, but the editor needs to see all of it. */}
        <p className="text-sm break-all text-gray-800">{result.url}</p>
        <p className="text-xl leading-snug text-[#1a0dab]" data-testid="serp-title">
          {result.title || <span className="text-gray-700 italic">No title</span>}
        </p>
        <p className="mt-1 text-sm text-gray-800" data-testid="serp-description">
          {result.description || <span className="italic">No description</span>}
        </p>
      </div>
      {(result.fallbackTitle || result.fallbackDescription) && (
        <p className="mt-2 text-sm text-gray-700">
          {result.fallbackTitle && result.fallbackDescription
            ? "Meta title and meta description are empty: the page's own title and description are shown."
            : result.fallbackTitle
              ? "Meta title is empty: the page's own title is shown."
              : "Meta description is empty: a description taken from the page's content is shown."}
        </p>
      )}
      <div aria-live="polite">
        {result.warnings.length > 0 && (
          <ul className="mt-2 space-y-1 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-900" aria-label="Search result warnings">
            {result.warnings.map((w) => (
              <li key={w.kind}>{w.message}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
