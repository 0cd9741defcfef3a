import { Formatted, Heading, Img, type R, Section } from "./primitives.tsx";

/** The service item cards: on the landing page and on /service/. */
export function ServiceCards({ items }: { items: R<"serviceItems">[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item._id} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <Img src={item.serviceIcon} image={item._images?.serviceIcon} alt={item.serviceTitle} width={56} height={56} className="h-14 w-14" />
          <h3 className="mt-4 text-xl font-bold text-ink">{item.serviceTitle}</h3>
          <Formatted record={item} field="serviceDetails" className="mt-2 leading-relaxed text-gray-700" />
        </li>
      ))}
    </ul>
  );
}

export function Services({ text, items }: { text?: R<"serviceText">; items: R<"serviceItems">[] }) {
  if (!text && !items.length) return null;
  return (
    <Section id="services" heading="services">
      <Heading id="services" eyebrow={text?.servicesubHeading} title={text?.serviceHeading ?? "Our services"} />
      <ServiceCards items={items} />
    </Section>
  );
}
