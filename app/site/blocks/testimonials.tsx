import { Heading, Img, type R, Section } from "./primitives.tsx";

export function Testimonials({ text, items }: { text?: R<"testimonialText">; items: R<"testimonials">[] }) {
  if (!items.length) return null;
  return (
    <Section id="testimonial" heading="testimonial" className="bg-gray-50">
      <Heading id="testimonial" eyebrow={text?.testimonialText} title={text?.testimonialHeading ?? "What our clients say"} />
      <ul className="grid gap-6 md:grid-cols-3">
        {items.map((t) => (
          <li key={t._id}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
              <blockquote className="flex-1 leading-relaxed text-gray-800">
                <p>“{t.desc}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <Img src={t.image} image={t._images?.image} crop="square" alt={t.personName} width={160} height={160} className="h-14 w-14 rounded-full object-cover" />
                <span>
                  <span className="block font-bold text-ink">{t.personName}</span>
                  <span className="block text-sm text-gray-700">{t.personTitle}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
