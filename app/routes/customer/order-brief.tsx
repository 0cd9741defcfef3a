import { Form, Link, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { orPageError } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { orderAccess } from "~/orders/access.server.ts";
import { answersFrom, briefOf, saveBrief } from "~/orders/brief/brief.server.ts";
import { isBriefOpen } from "~/shared/order-stages.ts";
import { orderAction } from "~/orders/portal-form.server.ts";
import { BriefFields } from "~/orders/portal-parts.tsx";
import { formAnswers } from "~/orders/brief/questions.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/order-brief";

export const meta: Route.MetaFunction = () => [{ title: "Your brief | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The brief of one order, for its customer: answer the plan's questions, save part of it and come
 * back, or send it. Sending checks every required answer; each missing or malformed one is named
 * next to its field and nothing is stored. Open until the agency starts the work.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { order } = await orPageError(orderAccess(services.db, context.get(viewerContext), params.id, "customer"));
  const brief = await briefOf(services.db, order);
  return { orderId: order.id, packageName: order.package_name, open: isBriefOpen(order), brief };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return orderAction(request, services, async ({ fields, files }) => {
    const { order } = await orderAccess(services.db, viewer, params.id, "customer");
    const send = fields.intent === "send";
    const brief = await saveBrief(services, order, auditActor(viewer), { answers: answersFrom(fields), uploads: files, send });
    return { ok: true as const, message: send ? "Thank you: your brief is sent." : "Your brief is saved. You can come back to it at any time.", brief };
  });
}

export default function OrderBrief({ loaderData }: Route.ComponentProps) {
  const { orderId, packageName, open } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const brief = result?.ok ? result.brief : loaderData.brief;
  // After a refusal the form shows what was typed, with each message next to its field.
  const answers = failed ? formAnswers(failed.values) : brief.answers;
  const hasFile = brief.questions.some((q) => q.kind === "file");
  return (
    <Page>
      <p className="mb-2 text-sm">
        <Link to={`/orders/${orderId}`} className="font-semibold text-brand-700 underline">
          Back to the order
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">Your brief</h1>
      <p className="mb-6 max-w-2xl text-gray-800">
        For your {packageName} order. It tells us where to start: the site, what you want to be found for, and how we get access. Save it and come back,
        or send it when it is ready.
      </p>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      {brief.submittedAt && !result?.ok && <StatusMessage kind="success">Your brief is sent. You can still change it until we start the work.</StatusMessage>}
      {open ? (
        <Form method="post" encType={hasFile ? "multipart/form-data" : undefined} className="max-w-2xl" noValidate>
          <BriefFields questions={brief.questions} answers={answers} errors={failed?.fields ?? {}} />
          <div className="flex flex-wrap gap-4">
            <Button name="intent" value="send" disabled={busy} className="min-h-11">
              {brief.submittedAt ? "Save changes" : "Send brief"}
            </Button>
            {!brief.submittedAt && (
              <Button name="intent" value="save" variant="secondary" disabled={busy} className="min-h-11">
                Save for later
              </Button>
            )}
          </div>
        </Form>
      ) : (
        <p>The work on this order has started, so its brief can no longer be changed. Send us a message on the order instead.</p>
      )}
    </Page>
  );
}
