import { numberedSteps } from "../display.ts";
import { Heading, IconItem, type R, Section } from "./primitives.tsx";

export function Steps({ steps }: { steps: R<"steps">[] }) {
  if (!steps.length) return null;
  return (
    <Section id="get-started" heading="get-started" className="bg-brand-50">
      <Heading id="get-started" eyebrow="Getting started" title="From order to results in a few steps" />
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {numberedSteps(steps).map(({ label, step }) => (
          <IconItem
            key={step._id}
            icon={
              <span aria-hidden="true" className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
                {label}
              </span>
            }
            title={
              <>
                <span className="sr-only">Step {label}: </span>
                {step.stepTitle}
              </>
            }
            text={step.stepDetails}
          />
        ))}
      </ol>
    </Section>
  );
}
