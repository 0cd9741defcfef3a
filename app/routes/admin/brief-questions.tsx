import { Form, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { getRecord } from "~/content/content.server.ts";
import { isId } from "~/db/ids.server.ts";
import { formValues, guardForm, orPageError, unknownAction } from "~/forms.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { addQuestion, moveQuestion, planQuestions, removeQuestion, updateQuestion } from "~/orders/brief/brief.server.ts";
import { type BriefQuestion, QUESTION_KINDS, QUESTION_KIND_NAMES } from "~/orders/brief/questions.ts";
import { notFound } from "~/errors.ts";
import { requestContext, type Services } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { Field } from "~/ui/field.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/brief-questions";

export const handle: AdminHandle = { crumb: "Brief questions" };

export const meta: Route.MetaFunction = () => [{ title: "Brief questions | Rankwell admin" }, { name: "robots", content: "noindex" }];

async function planOf(services: Services, planId: string) {
  const plan = isId(planId) ? await getRecord(services.db, "pricingPlans", planId) : undefined;
  if (!plan) throw notFound("Plan");
  return { id: plan._id, name: plan.packageName };
}

/** One plan's brief: its questions in order, each editable, and a form to add one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const plan = await orPageError(planOf(services, params.planId));
  const { questions, custom } = await planQuestions(services.db, plan.id);
  return { plan, questions, custom };
}

const DONE: Record<string, string> = { add: "Question added.", update: "Question saved.", remove: "Question removed.", up: "Question moved up.", down: "Question moved down." };

export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { services } = context.get(requestContext);
    const actor = auditActor(context.get(viewerContext));
    const plan = await planOf(services, params.planId);
    const key = values.key ?? "";
    switch (values._intent) {
      case "add":
        await addQuestion(services.db, actor, plan, values);
        break;
      case "update":
        await updateQuestion(services.db, actor, plan, key, values);
        break;
      case "remove":
        await removeQuestion(services.db, actor, plan, key);
        break;
      case "up":
      case "down":
        await moveQuestion(services.db, actor, plan, key, values._intent);
        break;
      default:
        throw unknownAction();
    }
    return { ok: true as const, message: DONE[values._intent]! };
  });
}

export default function BriefQuestions({ loaderData }: Route.ComponentProps) {
  const { plan, questions, custom } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-3xl font-bold">Brief of the {plan.name} plan</h1>
      <p className="mb-6 text-gray-800">
        {custom ? "These questions are asked" : "These are the default questions, asked"} after a customer orders this plan. New orders get the questions as they
        are when they are placed.
      </p>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <ol className="space-y-4">
        {questions.map((q, i) => (
          <li key={q.key} className="rounded-lg border border-gray-300 p-4">
            <p className="font-semibold">
              {i + 1}. {q.label}
              {q.required && <span className="font-normal text-gray-700"> (required)</span>}
            </p>
            <p className="text-sm text-gray-800">
              {QUESTION_KINDS[q.kind]}
              {q.kind === "choice" && `: ${q.options.join(", ")}`}
            </p>
            {q.help && <p className="mt-1 text-sm break-words text-gray-700">{q.help}</p>}
            <div className="mt-3 flex flex-wrap items-start gap-3">
              <details className="rounded-md border border-gray-300 px-3 py-2 text-sm">
                <summary className="cursor-pointer font-semibold text-brand-700">
                  Edit<span className="sr-only"> “{q.label}”</span>
                </summary>
                <QuestionForm intent="update" question={q} busy={busy} errors={failed?.values.key === q.key ? failed.fields : {}} />
              </details>
              {(["up", "down"] as const).map((direction) => (
                <Form method="post" key={direction}>
                  <input type="hidden" name="key" value={q.key} />
                  <Button name="_intent" value={direction} variant="secondary" disabled={busy || (direction === "up" ? i === 0 : i === questions.length - 1)}>
                    Move {direction}
                    <span className="sr-only"> “{q.label}”</span>
                  </Button>
                </Form>
              ))}
              <ConfirmAction
                summary={<>Remove<span className="sr-only"> “{q.label}”</span></>}
                question="Remove this question? Orders placed already keep it."
                confirm={<>Remove the question<span className="sr-only"> “{q.label}”</span></>}
                intent="remove"
                fields={{ key: q.key }}
                busy={busy}
              />
            </div>
          </li>
        ))}
      </ol>
      <section aria-labelledby="add-question" className="mt-8 rounded-lg border border-brand-700 p-4">
        <h2 id="add-question" className="mb-3 text-xl font-bold">
          Add a question
        </h2>
        <QuestionForm intent="add" busy={busy} errors={failed && !failed.values.key ? failed.fields : {}} />
      </section>
      <LinkLine to="/admin/briefs">Back to all briefs</LinkLine>
    </div>
  );
}

function QuestionForm({ intent, question, busy, errors }: { intent: "add" | "update"; question?: BriefQuestion; busy: boolean; errors: Record<string, string> }) {
  return (
    <Form method="post" className="mt-3">
      {question && <input type="hidden" name="key" value={question.key} />}
      <Field label="Question" name="label" defaultValue={question?.label} error={errors.label} maxLength={200} required />
      <SelectField label="Kind of answer" name="kind" options={QUESTION_KIND_NAMES.map((k) => ({ value: k, label: QUESTION_KINDS[k] }))} defaultValue={question?.kind ?? "text"} error={errors.kind} />
      <Field label="Help text" name="help" defaultValue={question?.help} error={errors.help} maxLength={500} hint="Shown under the question" />
      <Field label="Choices" name="options" multiline defaultValue={question?.options.join("\n")} error={errors.options} hint="For one choice of several: one choice per line" />
      <label className="mb-4 flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="required" defaultChecked={question?.required} />
        Required
      </label>
      <Button name="_intent" value={intent} disabled={busy}>
        {intent === "add" ? "Add question" : "Save question"}
      </Button>
    </Form>
  );
}
