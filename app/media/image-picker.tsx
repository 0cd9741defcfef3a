import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useNavigation } from "react-router";
import { FieldNotes, noteIds } from "../ui/field.tsx";
import { AltFields } from "./alt-fields.tsx";
import { describeAlt, requiredAltSchema } from "./alt-text.ts";
import { ACCEPT, isMediaPath, mediaItemUrl, parseMediaPath } from "./media-url.ts";
import { Thumbnail } from "./thumbnail.tsx";

/**
 * An image field: the address (typed or pasted, as before), a thumbnail of it, and, once the page's
 * script runs, "Choose from library" (a dialog of the library's images) and "Upload a new image"
 * (straight into the library, then chosen). Both talk to the JSON API (/api/media) so the section's
 * own form stays as it is; without script the address field alone still works.
 */

export interface ImagePickerProps {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
}

interface LibraryFile {
  id: string;
  url: string;
  name: string;
  altText: string | null;
  decorative: boolean;
}

/** The text under an image field saying it has no alt text (tests look for it). */
export const NO_ALT_WARNING = "This image has no alt text: add it in the media library";

interface LibraryPage {
  items: LibraryFile[];
  page: number;
  pageCount: number;
  maxBytes: number;
}

const PAGE_SIZE = 24;

async function libraryPage(page: number, search: string, hash?: string): Promise<LibraryPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(search ? { q: search } : {}), ...(hash ? { hash } : {}) });
  const response = await fetch(`/api/media?${query}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The library did not open (${response.status}). Reload the page and try again.`);
  return (await response.json()) as LibraryPage;
}

const noSubscription = () => () => {};

type Status = { kind: "busy" | "done" | "error"; text: string } | undefined;

export function ImagePicker({ name, label, defaultValue, error, hint, required, maxLength }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [status, setStatus] = useState<Status>();
  // False on the server and while hydrating: the buttons need the script.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);
  // While the form is being saved and the page reloads its data, the form is about to be drawn
  // afresh with the saved values: an image chosen or uploaded now would vanish with it, unseen.
  const settling = useNavigation().state !== "idle";
  // The chosen library file, for its alt text (looked up by the hash its URL carries).
  const [chosen, setChosen] = useState<LibraryFile>();
  // A file picked for upload, waiting for its alt text or "Decorative".
  const [pending, setPending] = useState<{ file: File; alt: string; decorative: boolean; error?: string }>();

  const shown = chosen?.url === value ? chosen : undefined;
  useEffect(() => {
    const hash = isMediaPath(value) ? parseMediaPath(value)?.hash : undefined;
    if (!hash || chosen?.url === value) return;
    let current = true;
    libraryPage(1, "", hash)
      .then((answer) => current && setChosen(answer.items.find((item) => item.url === value)))
      .catch(() => current && setChosen(undefined));
    return () => {
      current = false;
    };
  }, [value, chosen?.url]);

  // Once the form is sent, "save the form to keep it" is past: the page answers for itself.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const clear = () => setStatus(undefined);
    form.addEventListener("submit", clear);
    return () => form.removeEventListener("submit", clear);
  }, []);

  /** Puts an address in the field as if typed (so anything watching the form sees the change). */
  function choose(url: string, file?: LibraryFile) {
    setChosen(file);
    const input = inputRef.current;
    if (input) {
      input.value = url;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    setValue(url);
  }

  async function upload({ file, alt, decorative }: { file: File; alt: string; decorative: boolean }) {
    // The same rule as the server's: alt text or "Decorative" (the server checks again: requireAlt).
    const said = requiredAltSchema.safeParse({ alt, decorative });
    if (!said.success) {
      setPending({ file, alt, decorative, error: said.error.issues[0]?.message });
      return;
    }
    setStatus({ kind: "busy", text: `Uploading ${file.name}…` });
    try {
      // The limit is the server's; checked here first so a too large file is not sent at all.
      const { maxBytes } = await libraryPage(1, "");
      if (file.size > maxBytes) {
        setStatus({ kind: "error", text: `${file.name} is larger than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB. Make it smaller and upload it again.` });
        return;
      }
      const body = new FormData();
      body.append("requireAlt", "1");
      body.append("alt", said.data.alt);
      if (said.data.decorative) body.append("decorative", "on");
      body.append("file", file);
      const response = await fetch("/api/media", { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; error?: string; fields?: Record<string, string>; item?: LibraryFile };
      if (!response.ok || !answer.item) {
        const altError = answer.fields?.alt ?? answer.fields?.decorative;
        if (altError) {
          setStatus(undefined);
          setPending({ file, alt, decorative, error: altError });
          return;
        }
        setStatus({ kind: "error", text: answer.error ?? `The upload failed (${response.status}). Try again.` });
        return;
      }
      setPending(undefined);
      choose(answer.item.url, answer.item);
      setStatus({ kind: "done", text: `${answer.message ?? "Uploaded."} It is now the ${label.toLowerCase()}; save the form to keep it.` });
    } catch (failure) {
      setStatus({ kind: "error", text: failure instanceof Error && failure.message.startsWith("The library") ? failure.message : "The upload did not reach the server. Check the connection and try again." });
    }
  }

  const { errorId, hintId, describedBy } = noteIds(id, { error, hint });
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <div className="mt-1 flex gap-4">
        <Thumbnail src={value} box={96} alt={value ? `Current ${label.toLowerCase()}` : ""} />
        <div className="min-w-0 flex-1">
          <input
            ref={inputRef}
            id={id}
            name={name}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required={required}
            maxLength={maxLength}
            defaultValue={defaultValue}
            onChange={(e) => setValue(e.target.value.trim())}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`block w-full rounded-md border px-3 py-2 text-base text-ink shadow-sm ${error ? "border-red-700" : "border-gray-400"}`}
          />
          <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
          {scripted && (
            <div className="mt-2 flex flex-wrap gap-2">
              <LibraryChooser label={label} onChoose={choose} disabled={settling} />
              <label className="cursor-pointer rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 focus-within:ring-2 focus-within:ring-brand-700 hover:bg-brand-50 has-disabled:cursor-wait">
                Upload a new image
                <input
                  type="file"
                  aria-label={`Upload a new image for ${label}`}
                  accept={ACCEPT}
                  className="sr-only"
                  disabled={status?.kind === "busy" || settling}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = "";
                    if (file) setPending({ file, alt: "", decorative: false });
                  }}
                />
              </label>
            </div>
          )}
          {pending && (
            <div role="group" aria-label={`Upload ${pending.file.name}`} className="mt-3 rounded-md border border-gray-300 p-3">
              <p className="mb-2 text-sm font-semibold">{`Before ${pending.file.name} is uploaded: what does it show?`}</p>
              <AltFields bare onEnter={() => void upload(pending)} alt={pending.alt} decorative={pending.decorative} error={pending.error} onChange={(change) => setPending({ ...pending, ...change, error: undefined })} />
              <div className="flex flex-wrap gap-2">
                <button type="button" disabled={status?.kind === "busy"} onClick={() => void upload(pending)} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                  Upload image
                </button>
                <button type="button" onClick={() => setPending(undefined)} className="rounded-md border border-gray-400 px-3 py-2 text-sm font-semibold">
                  Cancel upload
                </button>
              </div>
            </div>
          )}
          {shown && <ChosenAlt file={shown} label={label} />}
          {status && (
            <p role={status.kind === "error" ? "alert" : "status"} className={`mt-2 text-sm font-medium ${status.kind === "error" ? "text-red-700" : "text-gray-800"}`}>
              {status.text}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** "Choose from library" and its modal dialog: a page of images at a time, searchable by name; a click chooses one. */
function LibraryChooser({ label, onChoose, disabled }: { label: string; onChoose: (url: string, file: LibraryFile) => void; disabled: boolean }) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [files, setFiles] = useState<LibraryFile[]>([]);
  const [page, setPage] = useState({ page: 0, pageCount: 1 });
  const [search, setSearch] = useState("");
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(false);

  async function load(next: number, words: string) {
    setLoading(true);
    setProblem(undefined);
    try {
      const answer = await libraryPage(next, words);
      setFiles((shown) => (next === 1 ? answer.items : [...shown, ...answer.items]));
      setPage({ page: answer.page, pageCount: answer.pageCount });
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <button
        type="button"
        aria-label={`Choose from library for ${label}`}
        disabled={disabled}
        onClick={() => {
          dialogRef.current?.showModal();
          // The first page each time it opens: a file may have been added since.
          void load(1, search);
        }}
        className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-wait"
      >
        Choose from library
      </button>
      <dialog ref={dialogRef} aria-labelledby={headingId} className="m-auto w-full max-w-3xl rounded-lg p-6 shadow-xl backdrop:bg-black/50">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-xl font-semibold">{`Choose an image for “${label}”`}</h2>
          <button type="button" onClick={() => dialogRef.current?.close()} className="rounded-md border border-gray-400 px-3 py-1 text-sm font-semibold">
            Close
          </button>
        </div>
        <div role="search" className="mb-4 flex items-end gap-2">
          <label className="block flex-1 text-sm font-semibold text-gray-900">
            Search by name
            <input
              type="search"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches here; it must not submit the section's form around the dialog.
                if (e.key === "Enter") {
                  e.preventDefault();
                  void load(1, search);
                }
              }}
              className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-base"
            />
          </label>
          <button type="button" onClick={() => void load(1, search)} className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700">
            Search
          </button>
        </div>
        {problem && (
          <p role="alert" className="mb-4 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        {!loading && files.length === 0 && !problem && <p className="text-gray-700">{search ? "No image’s name contains that." : "The library is empty: upload an image first."}</p>}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {files.map((file) => (
            <li key={file.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(file.url, file);
                  dialogRef.current?.close();
                }}
                className="flex w-full flex-col items-center gap-2 rounded-md border border-gray-300 p-2 text-sm hover:border-brand-700 hover:bg-brand-50"
              >
                {/* The picture's alt text names the button; the visible name repeats it for sighted readers. */}
                <Thumbnail src={file.url} box={96} alt={file.name} />
                <span aria-hidden="true" className="w-full break-words">
                  {file.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <p role="status" className="mt-3 text-sm text-gray-700">
          {loading ? "Loading images…" : ""}
        </p>
        {page.page < page.pageCount && (
          <button type="button" disabled={loading} onClick={() => void load(page.page + 1, search)} className="mt-2 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700">
            More images
          </button>
        )}
      </dialog>
    </>
  );
}

/** The chosen file's alt text, or a warning with the way to add it. */
function ChosenAlt({ file, label }: { file: LibraryFile; label: string }) {
  if (file.altText !== null || file.decorative) return <p className="mt-2 text-sm text-gray-800">{`Alt text: ${describeAlt(file)}`}</p>;
  return (
    <p className="mt-2 rounded-md border border-amber-700 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
      {`${NO_ALT_WARNING} `}
      <a href={mediaItemUrl(file.id)} target="_blank" rel="noopener" className="underline">
        Add alt text to {file.name}
        <span className="sr-only">{` (${label}; opens in a new tab)`}</span>
      </a>
    </p>
  );
}
