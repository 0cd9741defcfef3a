import { useId } from "react";
import { Form } from "react-router";
import { formatDateTime, shortDate } from "../shared/dates.ts";
import { formatUsd } from "../shared/money.ts";
import { PAYMENT_STATUS_LABELS, type PaymentStatus, type Stage } from "../shared/order-stages.ts";
import { Button } from "../ui/button.tsx";
import { Field, FieldNotes, noteIds } from "../ui/field.tsx";
import type { Answer, BriefQuestion } from "./brief/questions.ts";
import { ACCEPT_ATTRIBUTE, ACCEPTED_KINDS } from "./files/file-kinds.ts";
import type { NextStep, StepAction } from "./next-step.ts";
import { orderNumberText } from "./order-number.ts";
import type { Side } from "./sides.ts";

/**
 * The parts of an order's page, shared by the customer's (/orders/:id) and the agency's
 * (/admin/orders/:id). Everything a person wrote is shown as text (React escapes it), never as HTML.
 */

interface FileLink {
  id: string;
  name: string;
  url: string;
  size: number;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The stage as a badge: the same words for customers and admins (status-badge.ts). */
export { StatusBadge as StageBadge } from "./status-badge-view.tsx";

/**
 * What to do next, at the top of the page, with a link to where it is done: `links` maps a step's
 * action to an address (another page); otherwise the link leads to the part of this page with that id.
 */
export function NextStepBanner({ next, overdue, dueAt, links = {} }: { next: NextStep; overdue?: boolean; dueAt: string | null; links?: Partial<Record<StepAction, string>> }) {
  return (
    <section aria-labelledby="next-step" className="mb-8 rounded-lg border border-brand-700 bg-brand-50 p-4">
      <h2 id="next-step" className="text-sm font-semibold tracking-wide text-brand-900 uppercase">
        Next step
      </h2>
      <p className="mt-1 text-lg font-semibold text-ink">
        {next.action ? (
          <a href={links[next.action] ?? `#${next.action}`} className="text-brand-800 underline">
            {next.text}
          </a>
        ) : (
          next.text
        )}
      </p>
      {dueAt && (
        <p className={`mt-1 text-sm ${overdue ? "font-semibold text-red-800" : "text-gray-800"}`}>
          {overdue ? `Overdue: it was due on ${shortDate(dueAt)}.` : `Due on ${shortDate(dueAt)}.`}
        </p>
      )}
    </section>
  );
}

export interface OrderFactsProps {
  packageName: string;
  priceCents: number;
  paymentStatus: PaymentStatus;
  orderDate: string;
  paidAt: string | null;
  payments: { txnId: string; at: string }[];
  customer?: { name: string; email: string; address: string; country: string };
  /** The order's number (#1001). */
  number: number;
}

/** The order's number, the plan, its price and the payment. */
export function OrderFacts({ number, packageName, priceCents, paymentStatus, orderDate, paidAt, payments, customer }: OrderFactsProps) {
  return (
    <dl className="facts facts-stack rounded-lg border border-gray-200 p-4 text-sm">
      <dt className="font-semibold">Order number</dt>
      <dd>{orderNumberText(number)}</dd>
      {customer && (
        <>
          <dt className="font-semibold">Customer</dt>
          <dd>
            {customer.name} ({customer.email}), {customer.address}, {customer.country}
          </dd>
        </>
      )}
      <dt className="font-semibold">Plan</dt>
      <dd>{packageName}</dd>
      <dt className="font-semibold">Price</dt>
      <dd>{formatUsd(priceCents)} (USD)</dd>
      <dt className="font-semibold">Ordered</dt>
      <dd>{shortDate(orderDate)}</dd>
      <dt className="font-semibold">Payment</dt>
      <dd>
        {PAYMENT_STATUS_LABELS[paymentStatus]}
        {paidAt && ` on ${shortDate(paidAt)}`}
        {payments.map((p) => (
          <span key={p.txnId} className="block text-gray-700">
            PayPal transaction {p.txnId}
          </span>
        ))}
      </dd>
    </dl>
  );
}

/** What happened, oldest first, with who and when. */
export function Timeline({ entries }: { entries: { at: string; stage: Stage; label: string; by: string; note: string | null }[] }) {
  return (
    <section aria-labelledby="timeline" className="mt-10">
      <h2 id="timeline" className="mb-3 text-xl font-bold">
        Timeline
      </h2>
      <ol className="space-y-3 border-l-2 border-gray-300 pl-4">
        {entries.map((entry, i) => (
          <li key={i} className="text-sm">
            <p className="font-semibold text-ink">{entry.label}</p>
            <p className="text-gray-700">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>, by <span className="break-all">{entry.by}</span>
            </p>
            {entry.note && <p className="mt-1 break-words whitespace-pre-wrap text-gray-900">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function FileLinks({ files }: { files: FileLink[] }) {
  if (!files.length) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.url} className="font-semibold break-all text-brand-700 underline" download>
            {file.name}
          </a>{" "}
          <span className="text-gray-700">({sizeText(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The answer to one brief question, as text. */
function AnswerText({ question, answer, file }: { question: BriefQuestion; answer: Answer | undefined; file?: FileLink }) {
  if (question.kind === "file") return file ? <FileLinks files={[file]} /> : <span className="text-gray-700">No file yet</span>;
  if (answer === undefined || answer === "" || (Array.isArray(answer) && !answer.length)) return <span className="text-gray-700">Not answered</span>;
  if (Array.isArray(answer)) return <span className="break-words">{answer.join(", ")}</span>;
  if (question.kind === "yesNo") return <>{answer === "yes" ? "Yes" : "No"}</>;
  return <span className="break-words whitespace-pre-wrap">{answer}</span>;
}

/** The brief's questions and answers. */
export function BriefAnswers({ questions, answers, files }: { questions: BriefQuestion[]; answers: Record<string, Answer>; files: Record<string, FileLink> }) {
  return (
    <dl className="space-y-3 text-sm">
      {questions.map((q) => (
        <div key={q.key}>
          <dt className="font-semibold">
            {q.label}
            {q.required && <span className="font-normal text-gray-700"> (required)</span>}
          </dt>
          <dd className="mt-0.5">
            <AnswerText question={q} answer={answers[q.key]} file={files[q.key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One input per brief question, labelled, with its help and its error. */
export function BriefFields({ questions, answers, errors }: { questions: BriefQuestion[]; answers: Record<string, Answer>; errors: Record<string, string> }) {
  return (
    <>
      {questions.map((q) => (
        <BriefField key={q.key} question={q} value={answers[q.key]} error={errors[`answer.${q.key}`]} />
      ))}
    </>
  );
}

function BriefField({ question: q, value, error }: { question: BriefQuestion; value: Answer | undefined; error?: string }) {
  const label = q.required ? `${q.label} (required)` : q.label;
  const text = Array.isArray(value) ? value.join("\n") : (value ?? "");
  const name = `answer.${q.key}`;
  switch (q.kind) {
    case "url":
      return <Field label={label} name={name} type="url" defaultValue={text} hint={q.help} error={error} maxLength={2048} inputMode="url" />;
    case "text":
      return <Field label={label} name={name} defaultValue={text} hint={q.help} error={error} maxLength={200} />;
    case "longText":
    case "keywords":
      return <Field label={label} name={name} multiline defaultValue={text} hint={q.help} error={error} maxLength={5000} />;
    case "yesNo":
    case "choice":
      return <ChoiceField label={label} name={name} options={q.kind === "yesNo" ? [["yes", "Yes"], ["no", "No"]] : q.options.map((o) => [o, o])} value={text} hint={q.help} error={error} />;
    case "file":
      return <FileField label={label} name={`file.${q.key}`} hint={[q.help, text ? "A file is attached; choose another to replace it." : ""].filter(Boolean).join(" ")} error={error} />;
  }
}

function ChoiceField({ label, name, options, value, hint, error }: { label: string; name: string; options: string[][]; value: string; hint?: string; error?: string }) {
  const id = useId();
  const { errorId, hintId, describedBy } = noteIds(id, { error, hint });
  return (
    <fieldset className="mb-4" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-gray-900">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
        {options.map(([v, text]) => (
          <label key={v} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={name} value={v} defaultChecked={value === v} />
            {text}
          </label>
        ))}
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}

/** A labelled file input for order files (the server checks the kind from the bytes). */
export function FileField({ label, name, hint, error, multiple }: { label: string; name: string; hint?: string; error?: string; multiple?: boolean }) {
  // Unique on the page: the agency's page has two file inputs named "files" (message, delivery).
  const id = useId();
  const fullHint = [hint, `${ACCEPTED_KINDS}.`].filter(Boolean).join(" ");
  const { errorId, hintId, describedBy } = noteIds(id, { error, hint: fullHint });
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        multiple={multiple}
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="mt-1 block w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-700 file:bg-white file:px-3 file:font-semibold file:text-brand-700"
      />
      <FieldNotes hint={fullHint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface MessageItem {
  id: string;
  side: Side;
  author: string;
  body: string;
  createdAt: string;
  files: FileLink[];
}

/** The conversation, oldest first, and the form to add to it (works without JavaScript). */
export function Conversation({ messages, viewerSide, errors, busy }: { messages: MessageItem[]; viewerSide: Side; errors: Record<string, string>; busy: boolean }) {
  return (
    <section aria-labelledby="conversation" className="mt-10">
      <h2 id="conversation" className="mb-3 text-xl font-bold">
        Conversation
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-gray-700">{viewerSide === "customer" ? "No messages yet. Ask us anything about your order here." : "No messages yet."}</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <li key={m.id} className={`rounded-lg border p-4 ${m.side === viewerSide ? "border-gray-300 bg-white sm:ml-8" : "border-brand-200 bg-brand-50 sm:mr-8"}`}>
              <p className="text-sm text-gray-800">
                <span className="font-semibold break-all">{m.side === "agency" ? `${m.author} (Rankwell)` : m.author}</span>,{" "}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              {m.body && <p className="mt-2 break-words whitespace-pre-wrap">{m.body}</p>}
              <FileLinks files={m.files} />
            </li>
          ))}
        </ol>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-6 rounded-lg border border-gray-200 p-4">
        <input type="hidden" name="intent" value="message" />
        <Field label="Your message" name="body" multiline maxLength={5000} error={errors.body} />
        <FileField label="Attach files (optional)" name="files" multiple hint="Up to 5 files." error={errors.files} />
        <Button disabled={busy}>{busy ? "Sending…" : "Send message"}</Button>
      </Form>
    </section>
  );
}

/** What the agency delivered, newest last, with its files. */
export function Deliveries({ deliveries }: { deliveries: { id: string; summary: string; deliveredBy: string; createdAt: string; files: FileLink[] }[] }) {
  if (!deliveries.length) return null;
  return (
    <section aria-labelledby="deliveries" className="mt-10">
      <h2 id="deliveries" className="mb-3 text-xl font-bold">
        Delivered work
      </h2>
      <ol className="space-y-4">
        {deliveries.map((d, i) => (
          <li key={d.id} className="rounded-lg border border-gray-300 p-4">
            <h3 className="font-semibold">
              Delivery {i + 1}, <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
            </h3>
            <p className="mt-2 break-words whitespace-pre-wrap">{d.summary}</p>
            <FileLinks files={d.files} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Every file of the order in one list. */
export function AllFiles({ files }: { files: FileLink[] }) {
  return (
    <section aria-labelledby="files" className="mt-10">
      <h2 id="files" className="mb-3 text-xl font-bold">
        Files
      </h2>
      {files.length ? <FileLinks files={files} /> : <p className="text-sm text-gray-700">No files yet.</p>}
    </section>
  );
}
