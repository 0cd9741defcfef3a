import { container, type R } from "./primitives.tsx";

export function CallToAction({ cta }: { cta?: R<"callToAction"> }) {
  if (!cta) return null;
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-700 py-14 text-white">
      <div className={`${container} flex flex-col items-start justify-between gap-6 md:flex-row md:items-center`}>
        <div>
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
            {cta.heading}
          </h2>
          <p className="mt-2 text-lg text-brand-100">{cta.subHeading}</p>
        </div>
        {cta.buttonText && cta.buttonLink && (
          <a
            href={cta.buttonLink}
            className="inline-flex min-h-11 flex-none items-center rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus-visible:outline-white"
          >
            {cta.buttonText}
          </a>
        )}
      </div>
    </section>
  );
}
