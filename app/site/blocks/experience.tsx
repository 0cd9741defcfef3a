import { skillBars } from "../display.ts";
import { Heading, type R, Section, SkillBar } from "./primitives.tsx";

export function Experience({ experience }: { experience?: R<"experience"> }) {
  if (!experience) return null;
  return (
    <Section id="experience" heading="experience">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <Heading id="experience" eyebrow={experience.experienceText} title={experience.experienceHeading} center={false} />
          <p className="-mt-4 leading-relaxed text-gray-700">{experience.experienceDetails}</p>
        </div>
        <ul className="space-y-6">
          {skillBars(experience).map(({ label, value }) => (
            <SkillBar key={label} label={label} value={value} />
          ))}
        </ul>
      </div>
    </Section>
  );
}
