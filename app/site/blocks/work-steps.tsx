import { numberedSteps, WORK_STEPS_SHOWN } from "../display.ts";
import { Heading, Img, type R, Section } from "./primitives.tsx";

/** The work process: the first four work steps of the list, 01 to 04. */
export function WorkSteps({ steps }: { steps: R<"workSteps">[] }) {
  const shown = numberedSteps(steps, WORK_STEPS_SHOWN);
  if (!shown.length) return null;
  return (
    <Section id="process" heading="process">
      <Heading id="process" eyebrow="Our process" title="How we work" />
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map(({ label, step }) => (
          <li key={step._id} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <div className="flex items-center justify-between">
              <span className="text-4xl font-extrabold text-brand-700" aria-hidden="true">
                {label}
              </span>
              <Img src={step.stapIcon} image={step._images?.stapIcon} alt="" width={48} height={48} className="h-12 w-12" />
            </div>
            <h3 className="mt-4 text-xl font-bold text-ink">
              <span className="sr-only">Step {label}: </span>
              {step.stepTitle}
            </h3>
            <p className="mt-2 leading-relaxed text-gray-700">{step.stepDetails}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
