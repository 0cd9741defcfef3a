import { useSyncExternalStore } from "react";
import { Form } from "react-router";
import { utcDateTime } from "../../shared/dates.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Cell, Table } from "../../ui/table.tsx";
import type { FieldChange } from "../workflow/diff.ts";
import type { SectionDef } from "../registry/sections.ts";
import { FieldValue } from "./field-value.tsx";

/**
 * Pieces the content workflow screens share: a field-by-field diff, a scheduled time, the
 * "publish at" form.
 */

/**
 * What changed, field by field: the label, the value before and after ("(empty)" where there was
 * none); an image field as a small picture, not its path.
 */
export function FieldChanges({ def, changes, caption }: { def?: SectionDef; changes: FieldChange[]; caption: string }) {
  const shown = (change: FieldChange, value: string) => <FieldValue field={{ kind: def?.fields[change.name]?.kind ?? "text", label: change.label }} value={value} />;
  return (
    <div className="mt-3">
      <Table caption={caption} headers={["Field", "Before", "After"]} empty="No field changed.">
        {changes.map((change) => (
          <tr key={change.name}>
            <Cell>{change.label}</Cell>
            <Cell>{shown(change, change.before)}</Cell>
            <Cell>{shown(change, change.after)}</Cell>
          </tr>
        ))}
      </Table>
    </div>
  );
}

const noSubscription = () => () => {};

/** A value only the browser knows (its time zone): null on the server and while hydrating, then the value. */
const useBrowserValue = (read: () => string) => useSyncExternalStore(noSubscription, read, () => null);

/**
 * A moment as the server writes it (UTC, so server and browser render the same), and once the
 * page runs in a browser, in the reader's own time too.
 */
export function ScheduledAt({ iso }: { iso: string }) {
  const local = useBrowserValue(() => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }));
  return (
    <time dateTime={iso}>
      {utcDateTime(iso)}
      {local && ` (${local} your time)`}
    </time>
  );
}

/**
 * "Publish at": a local date and time. A script sends the browser's offset from UTC for that date
 * (daylight saving included); without JavaScript the time is read as UTC, and the hint says so.
 */
export function ScheduleForm({ error }: { error?: string }) {
  const zone = useBrowserValue(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone");
  return (
    <Form
      method="post"
      className="mb-6"
      aria-label="Schedule publishing"
      onSubmit={(event) => {
        const form = event.currentTarget;
        const when = new Date((form.elements.namedItem("publishAt") as HTMLInputElement).value);
        const offset = form.elements.namedItem("tzOffset") as HTMLInputElement;
        if (!Number.isNaN(when.getTime())) offset.value = String(when.getTimezoneOffset());
      }}
    >
      <input type="hidden" name="tzOffset" defaultValue="0" />
      <Field
        type="datetime-local"
        name="publishAt"
        label="Publish at"
        required
        error={error}
        hint={zone ? `In your time zone (${zone}). The server publishes it then, whether or not anyone is signed in.` : "In UTC. The server publishes it then, whether or not anyone is signed in."}
      />
      <Button name="_intent" value="schedule" variant="secondary">
        Schedule publishing
      </Button>
    </Form>
  );
}
