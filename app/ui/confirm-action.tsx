import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./button.tsx";

/**
 * A destructive action that asks first (decision 0023): a disclosure whose summary names the
 * action, a sentence saying what goes, and the button that posts it. It opens and closes
 * without JavaScript; nothing happens on one click. In a list, `summary` and `confirm` also name
 * the item for screen readers, and `fields` say which item it is.
 */
export function ConfirmAction({
  summary,
  question,
  confirm,
  intent,
  fields = {},
  busy,
  className,
}: {
  summary: ReactNode;
  question: ReactNode;
  confirm: ReactNode;
  /** Posted as `_intent`; left out where the page has only this action. */
  intent?: string;
  /** Posted as hidden fields: which record the action is for. */
  fields?: Record<string, string>;
  busy?: boolean;
  className?: string;
}) {
  return (
    <details className={`rounded-md border border-red-700 px-3 py-2 text-sm${className ? ` ${className}` : ""}`}>
      <summary className="cursor-pointer font-semibold text-red-800">{summary}</summary>
      <p className="my-2">{question}</p>
      <Form method="post">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button name={intent && "_intent"} value={intent} variant="danger" disabled={busy}>
          {confirm}
        </Button>
      </Form>
    </details>
  );
}
