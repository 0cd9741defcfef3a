import { Heading, Img, type R, Section } from "./primitives.tsx";

export function Features({ text, items }: { text?: R<"featuresText">; items: R<"featureItems">[] }) {
  if (!items.length) return null;
  return (
    <Section id="features" heading="features">
      <Heading id="features" eyebrow={text?.FeaturesText} title={text?.FeaturesHeading ?? "Why choose us"} />
      <ul className="grid gap-6 md:grid-cols-3">
        {items.map((item) => (
          <li key={item._id} className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
            <Img src={item.FeaturesImg} image={item._images?.FeaturesImg} alt="" width={360} height={200} className="h-auto w-full" />
            <div className="p-6">
              <div className="flex items-center gap-3">
                <Img src={item.FeaturesIcon} image={item._images?.FeaturesIcon} alt="" width={48} height={48} className="h-12 w-12" />
                <h3 className="text-xl font-bold text-ink">{item.FeaturesText}</h3>
              </div>
              <p className="mt-3 leading-relaxed text-gray-700">{item.FeaturesDesc}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
