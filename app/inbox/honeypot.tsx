import { useId } from "react";
import { HONEYPOT_FIELD } from "./texts.ts";

/**
 * A trap for form-filling robots: moved off screen, hidden from assistive technology
 * (aria-hidden), out of the tab order and never autofilled, so people never fill it in.
 */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
