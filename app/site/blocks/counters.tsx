import { counterItems } from "../display.ts";
import { container, type R } from "./primitives.tsx";

/** Counters with a + suffix (public service page; also on the landing page). */
export function Counters({ counters }: { counters?: R<"counters"> }) {
  const items = counters ? counterItems(counters) : [];
  if (!items.length) return null;
  return (
    <section aria-label="Rankwell in numbers" className="bg-brand-800 py-12 text-white">
      <dl className={`${container} grid grid-cols-2 gap-8 text-center sm:grid-cols-3 lg:grid-cols-5`}>
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium text-brand-100">{item.label}</dt>
            <dd className="text-4xl font-extrabold">{`${item.value}+`}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
