import { Link } from "react-router";
import { listRecords } from "~/content/content.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { planQuestions } from "~/orders/brief/brief.server.ts";
import { requestContext } from "~/services.server.ts";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/briefs";

export const handle: AdminHandle = { crumb: "Briefs" };

export const meta: Route.MetaFunction = () => [{ title: "Briefs | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** Every pricing plan with the questions its customers answer after ordering (docs/decisions/0026). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const plans = await listRecords(services.db, "pricingPlans");
  return {
    plans: await Promise.all(
      plans.map(async (plan) => {
        const { questions, custom } = await planQuestions(services.db, plan._id);
        return { id: plan._id, name: plan.packageName, deliveryDays: plan.deliveryDays, count: questions.length, required: questions.filter((q) => q.required).length, custom };
      }),
    ),
  };
}

export default function Briefs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <h1 className="mb-2 text-3xl font-bold">Briefs</h1>
      <p className="mb-6 text-gray-800">
        After ordering, a customer answers their plan&apos;s questions: which site, which keywords, how you get access. Each order keeps the questions it was
        placed with, so a change here applies to new orders.
      </p>
      <Table caption="Pricing plans and their briefs" headers={["Plan", "Questions", "Delivery time", "Action"]} empty="No pricing plans yet.">
        {loaderData.plans.map((plan) => (
          <tr key={plan.id}>
            <Cell>{plan.name}</Cell>
            <Cell>
              {plan.count} ({plan.required} required){plan.custom ? "" : ", the default questions"}
            </Cell>
            <Cell>{plan.deliveryDays ? `${plan.deliveryDays} days from the brief` : "Not set"}</Cell>
            <Cell>
              <Link to={`/admin/briefs/${plan.id}`} className="font-semibold text-brand-700 underline">
                Edit questions<span className="sr-only"> of the {plan.name} plan</span>
              </Link>
            </Cell>
          </tr>
        ))}
      </Table>
    </div>
  );
}
