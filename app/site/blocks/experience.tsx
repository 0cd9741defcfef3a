import { percent } from "../display.ts";
import { Heading, type R, Section, SkillBar } from "./primitives.tsx";

export function Experience({ experience }: { experience?: R<"experience"> }) {
  if (!experience) return null;
  const skills = [
    [experience.skillOneText, experience.skillOneNumber],
    [experience.skillTwoText, experience.skillTwoNumber],
    [experience.skillThreeText, experience.skillThreeNumber],
  ].filter(([label]) => label);
  return (
    <Section id="experience" heading="experience">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <Heading id="experience" eyebrow={experience.experienceText} title={experience.experienceHeading} center={false} />
          <p className="-mt-4 leading-relaxed text-gray-700">{experience.experienceDetails}</p>
        </div>
        <ul className="space-y-6">
          {skills.map(([label, value]) => (
            <SkillBar key={label} label={label!} value={percent(value!)} />
          ))}
        </ul>
      </div>
    </Section>
  );
}
