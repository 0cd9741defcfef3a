import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "../ui/button.tsx";
import { StatusMessage } from "../ui/status.tsx";
import { Honeypot } from "./honeypot.tsx";
import { PAGE_TEXTS } from "./texts.ts";

/** What the /subscribe action answers to a fetcher (or, on failure, to a plain post). */
export type SubscribeResult =
  | { ok: true; subemail: string }
  | { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

const noSubscription = () => () => {};

/** The query flag the /subscribe action adds when it sends a visitor without JavaScript back. */
export const SUBSCRIBED_FLAG = "subscribed";

/**
 * The footer's subscribe form. With JavaScript it submits through a fetcher: the visitor stays
 * where they are and sees the status here. Without JavaScript the post goes to /subscribe, which
 * sends them back to this page with ?subscribed=1 (or shows the error on /subscribe).
 * Text colours are inherited, so it reads on light and dark footers; messages carry their own
 * background.
 */
export function SubscribeForm({ heading, result }: { heading?: string; result?: SubscribeResult }) {
  const fetcher = useFetcher<SubscribeResult>();
  const location = useLocation();
  const id = useId();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  const answer = fetcher.data ?? result;
  const failed = answer && !answer.ok ? answer : undefined;
  const params = new URLSearchParams(location.search);
  const succeeded = answer ? answer.ok : params.get(SUBSCRIBED_FLAG) === "1";
  params.delete(SUBSCRIBED_FLAG);
  const here = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const error = failed ? (failed.fields.subemail ?? failed.error) : undefined;
  const busy = fetcher.state !== "idle";
  // After a successful subscribe the field is emptied, ready for nothing more.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  return (
    <div id="subscribe-form" className="relative">
      {heading && <h2 className="mb-2 text-xl font-bold">{heading}</h2>}
      <fetcher.Form ref={form} method="post" action="/subscribe" noValidate>
        <input type="hidden" name="redirectTo" value={location.pathname === "/subscribe" ? (failed?.values.redirectTo ?? "") : here} />
        {hydrated && <input type="hidden" name="via" value="fetcher" />}
        <Honeypot />
        <label htmlFor={id} className="block text-sm font-semibold">
          Email for updates
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={id}
            name="subemail"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={failed?.values.subemail}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-base text-ink ${error ? "border-red-700" : "border-gray-400"}`}
          />
          <Button disabled={busy}>{busy ? "Subscribing…" : "Subscribe"}</Button>
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
            {error}
          </p>
        )}
      </fetcher.Form>
      {succeeded && (
        <div className="mt-3">
          <StatusMessage kind="success">{PAGE_TEXTS.subscribed}</StatusMessage>
        </div>
      )}
    </div>
  );
}
