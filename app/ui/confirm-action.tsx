import { Form } from "react-router";
import { Button } from "./button.tsx";

/**
 * A destructive action that asks first (decision 0023): a disclosure whose summary names the
 * action, a sentence saying what goes, and the button that posts `_intent`. It opens and closes
 * without JavaScript; nothing happens on one click.
 */
export function ConfirmAction({ summary, question, confirm, intent, busy, className = "" }: { summary: string; question: string; confirm: string; intent: string; busy?: boolean; className?: string }) {
  return (
    <details className={`rounded-md border border-red-700 px-3 py-2 text-sm ${className}`}>
      <summary className="cursor-pointer font-semibold text-red-800">{summary}</summary>
      <p className="my-2">{question}</p>
      <Form method="post">
        <Button name="_intent" value={intent} variant="danger" disabled={busy}>
          {confirm}
        </Button>
      </Form>
    </details>
  );
}
