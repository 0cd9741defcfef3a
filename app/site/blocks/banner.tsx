import { buttonPrimary, container, Formatted, Img, type R } from "./primitives.tsx";

export function Banner({ banner }: { banner?: R<"banner"> }) {
  if (!banner) return null;
  return (
    <section id="home" aria-labelledby="home-heading" className="scroll-mt-4 bg-brand-50">
      <div className={`${container} grid items-center gap-10 py-12 md:grid-cols-2 md:py-20`}>
        <div>
          <h1 id="home-heading" className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            {banner.bannerHeading}
            {banner.bannerText && <span className="mt-2 block text-brand-700">{banner.bannerText}</span>}
          </h1>
          <Formatted record={banner} field="bannerDetails" className="mt-5 text-lg leading-relaxed text-gray-700" />
          {banner.buttonText && (
            <p className="mt-8">
              <a href={banner.buttonURL} className={buttonPrimary}>
                {banner.buttonText}
              </a>
            </p>
          )}
        </div>
        <Img eager src={banner.imageOne} image={banner._images?.imageOne} alt={banner.bannerHeading} width={560} height={440} className="mx-auto h-auto w-full max-w-md md:max-w-lg" />
      </div>
    </section>
  );
}
