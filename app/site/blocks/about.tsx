import { buttonPrimary, checkPoint, Formatted, Heading, Img, type R, Section } from "./primitives.tsx";

export function About({ about }: { about?: R<"about"> }) {
  if (!about) return null;
  const points = [about.pointOne, about.pointTwo, about.pointThree, about.pointFour, about.pointFive].filter(Boolean);
  return (
    <Section id="about" heading="about" className="bg-gray-50">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <Img src={about.aboutImgOne} image={about._images?.aboutImgOne} alt={about.aboutHeading} width={520} height={420} className="mx-auto h-auto w-full max-w-md" />
        <div>
          <Heading id="about" eyebrow={about.aboutText} title={about.aboutHeading} center={false} />
          <Formatted record={about} field="aboutDetails" className="-mt-4 leading-relaxed text-gray-700" />
          {points.length > 0 && (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {points.map((point) => (
                <li key={point} className={`${checkPoint} font-medium text-ink`}>
                  {point}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-8">
            <a href="/#contact" className={buttonPrimary}>
              Contact Us
            </a>
          </p>
        </div>
      </div>
    </Section>
  );
}
