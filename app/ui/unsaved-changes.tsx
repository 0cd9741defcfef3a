import { createContext, type RefObject, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker } from "react-router";

/**
 * No lost work: while a guarded form holds changes that are not saved, leaving the page asks
 * first. In-app navigation (a link, the back link, the browser's Back, signing out) opens a dialog
 * of ours (React Router's `useBlocker`); leaving the document (closing the tab, reloading, typing
 * an address) gets the browser's own `beforeunload` prompt. Submitting the form itself is not
 * leaving: it posts to the same page.
 *
 * A router supports one blocker at a time, so one `UnsavedChangesGuard` wraps a whole area (the
 * admin frame) and forms join it with `useGuardedForm`. A form is "changed" when its fields differ
 * from what they held when it mounted; a form the page remounts after a save (a new `key`) starts
 * clean again. Fields whose names start with `_` (intents, ids) are not compared.
 */

interface Guard {
  register(form: HTMLFormElement): () => void;
}

const GuardContext = createContext<Guard | null>(null);

function snapshot(form: HTMLFormElement): string {
  const fields: string[] = [];
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && !name.startsWith("_")) fields.push(`${name}=${value}`);
  return fields.join("&");
}

export function UnsavedChangesGuard({ children }: { children: React.ReactNode }) {
  const forms = useRef(new Map<HTMLFormElement, string>());
  const [changed, setChanged] = useState(false);
  const recheck = useCallback(() => setChanged([...forms.current].some(([form, saved]) => snapshot(form) !== saved)), []);

  const guard = useMemo<Guard>(
    () => ({
      register(form) {
        forms.current.set(form, snapshot(form));
        recheck();
        return () => {
          forms.current.delete(form);
          recheck();
        };
      },
    }),
    [recheck],
  );

  useEffect(() => {
    const onEdit = (event: Event) => {
      const form = (event.target as HTMLInputElement | null)?.form;
      if (form && forms.current.has(form)) recheck();
    };
    document.addEventListener("input", onEdit, true);
    document.addEventListener("change", onEdit, true);
    return () => {
      document.removeEventListener("input", onEdit, true);
      document.removeEventListener("change", onEdit, true);
    };
  }, [recheck]);

  useEffect(() => {
    if (!changed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [changed]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  return (
    <GuardContext.Provider value={guard}>
      {children}
      {blocker.state === "blocked" && <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />}
    </GuardContext.Provider>
  );
}

/** Joins a form to the guard around it (none: nothing happens). */
export function useGuardedForm(ref: RefObject<HTMLFormElement | null>): void {
  const guard = useContext(GuardContext);
  useEffect(() => {
    const form = ref.current;
    if (!guard || !form) return;
    return guard.register(form);
  }, [guard, ref]);
}

/** A modal dialog (focus moves into it and stays; Escape means "stay"). */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const button = "inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold";
  return (
    <dialog
      ref={ref}
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
      className="m-auto max-w-md rounded-lg border border-gray-300 p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="leave-title" className="text-xl font-bold text-ink">
        Leave without saving?
      </h2>
      <p id="leave-text" className="mt-3 text-gray-800">
        This page has changes that are not saved. If you leave now, they are lost.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* Staying is the safe choice, so it has the focus. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first choice of a modal dialog */}
        <button type="button" autoFocus onClick={onStay} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
          Stay on this page
        </button>
        <button type="button" onClick={onLeave} className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
