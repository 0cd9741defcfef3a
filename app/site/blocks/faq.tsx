import { Formatted, Heading, type R, Section } from "./primitives.tsx";

/** FAQ as native disclosures: keyboard and screen readers work without any script. */
export function Faq({ text, items }: { text?: R<"faqText">; items: R<"faqItems">[] }) {
  if (!items.length) return null;
  return (
    <Section id="faq" heading="faq">
      <Heading id="faq" eyebrow={text?.faqText} title={text?.faqHeading ?? "Frequently asked questions"} />
      <div className="mx-auto max-w-3xl divide-y divide-gray-200 rounded-2xl border border-gray-200">
        {items.map((item) => (
          <details key={item._id} className="group px-6 py-2">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-2 text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
              {item.accodingTitle}
              <span aria-hidden="true" className="text-2xl leading-none text-brand-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <Formatted record={item} field="accodingText" className="pb-4 leading-relaxed text-gray-700" />
          </details>
        ))}
      </div>
    </Section>
  );
}
