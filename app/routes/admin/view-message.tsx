import { Form, redirect, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { signedInUser } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm, orPageError, unknownAction } from "~/forms.server.ts";
import { formatDateTime } from "~/shared/dates.ts";
import { deleteMessage, getMessage, markMessage, markUnread } from "~/inbox/messages.server.ts";
import { MESSAGE_STATUS_LABELS, PAGE_TEXTS } from "~/inbox/texts.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/view-message";
import { LinkLine } from "~/ui/link-line.tsx";

export const handle: AdminHandle = { crumb: "Message" };

export const meta: Route.MetaFunction = () => [{ title: "Message | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { message: await orPageError(getMessage(services.db, params.id)) };
}

/**
 * Mark as read (the hidden status is fixed to Read, as in the spec), mark as unread, or delete
 * (after the confirmation on the page). Only an Admin: the page table says so, and the root middleware checks it on the server.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    switch (values._intent ?? "read") {
      case "read":
        await markMessage(services.db, params.id, values, admin.email);
        return { ok: true as const, message: PAGE_TEXTS.messageRead };
      case "unread":
        await markUnread(services.db, auditActor(context.get(viewerContext)), params.id);
        return { ok: true as const, message: PAGE_TEXTS.messageUnread };
      case "delete":
        await deleteMessage(services.db, auditActor(context.get(viewerContext)), params.id);
        throw redirect("/all-messages?deleted=1", 303);
      default:
        throw unknownAction();
    }
  });
}

export default function ViewMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <LinkLine to="/all-messages/" className="mb-4 text-sm">
        Back to all messages
      </LinkLine>
      <h1 className="text-3xl font-bold">Message from {message.name}</h1>
      <div className="mt-6">
        {actionData?.ok && <StatusMessage kind="success">{actionData.message}</StatusMessage>}
        {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      </div>
      <dl className="facts max-w-3xl">
        <dt className="font-semibold">Status</dt>
        <dd>{MESSAGE_STATUS_LABELS[message.messageStatus]}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </dd>
        <dt className="font-semibold">Name</dt>
        <dd>{message.name}</dd>
        <dt className="font-semibold">Email</dt>
        <dd>
          <a href={`mailto:${message.email}`} className="text-brand-700 underline">
            {message.email}
          </a>
        </dd>
        <dt className="font-semibold">Phone number</dt>
        <dd>{message.number || "Not given"}</dd>
        <dt className="font-semibold">Subject</dt>
        <dd>{message.subject}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-semibold">Message</h2>
      <p className="mt-2 max-w-3xl whitespace-pre-wrap break-words rounded-md border border-gray-200 bg-gray-50 p-4">{message.message}</p>
      <div className="mt-6 flex flex-wrap items-start gap-3">
        {message.messageStatus === "UnRead" ? (
          <Form method="post">
            <input type="hidden" name="_intent" value="read" />
            <input type="hidden" name="messageStatus" value="Read" />
            <Button disabled={busy}>{busy ? "Saving…" : "Mark as read"}</Button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="_intent" value="unread" />
            <Button variant="secondary" disabled={busy}>
              {busy ? "Saving…" : "Mark as unread"}
            </Button>
          </Form>
        )}
        <ConfirmAction summary="Delete message" question={`Delete the message from ${message.name}? This cannot be undone.`} confirm="Yes, delete it" intent="delete" busy={busy} />
      </div>
    </>
  );
}
