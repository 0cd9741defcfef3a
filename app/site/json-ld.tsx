import { useNonce } from "../ui/nonce.tsx";
import { serializeJsonLd } from "./seo.ts";

/** Structured data for search engines, with this response's CSP nonce and `<` escaped. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // Safe: serializeJsonLd escapes `<`, so the JSON cannot close the script element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
