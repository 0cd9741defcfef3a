import { useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { describeImageUsers, type ImageUser } from "~/media/image-users.ts";
import { imageUsage } from "~/content/workflow/images.server.ts";
import { pageParam } from "~/db/paging.ts";
import { AppError } from "~/errors.ts";
import { formValues } from "~/forms.server.ts";
import { uploadMessage } from "~/media/library.server.ts";
import { ACCEPT, acceptedHint, mediaItemUrl, parseMediaPath } from "~/media/media-url.ts";
import { formatBytes, Thumbnail } from "~/media/thumbnail.tsx";
import { isMultipart, readUpload, uploadDescription } from "~/media/upload.server.ts";
import { AltFields } from "~/media/alt-fields.tsx";
import { describeAlt } from "~/media/alt-text.ts";
import { requestContext } from "~/services.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { Field } from "~/ui/field.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/media";

/**
 * The media library: a grid of pictures. Upload an image by dropping it on the upload area or with
 * the file input (a plain multipart form, no script needed; dropping fills that input and sends the
 * same form), find one by name, copy its address, see where it is used, delete it while nothing
 * uses it.
 */

export const meta: Route.MetaFunction = () => [{ title: "Media library | Rankwell admin" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 24;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const [files, usage] = await Promise.all([services.media.list({ page: pageParam(url), pageSize: PAGE_SIZE, search }), imageUsage(services.db)]);
  return {
    search,
    maxBytes: services.media.maxBytes,
    files: { ...files, items: files.items.map((file) => ({ ...file, usedBy: usage.get(parseMediaPath(file.url)?.hash ?? "") ?? ([] as ImageUser[]) })) },
  };
}

type Result = { ok: boolean; intent: "upload" | "delete"; message: string; id?: string; fields?: Record<string, string> };

export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  const contentType = request.headers.get("content-type");
  const intent = isMultipart(contentType) ? "upload" : "delete";
  let id: string | undefined;
  try {
    if (intent === "upload") {
      const upload = await readUpload(request.body, { contentType, contentLength: request.headers.get("content-length") }, services.media.maxBytes);
      // The form sends requireAlt: alt text or "Decorative" is checked before the image is read.
      const added = await services.media.upload(viewer, upload, uploadDescription(upload.fields));
      return { ok: true, intent, message: uploadMessage(added), id: added.file.id } satisfies Result;
    }
    id = (await formValues(request)).id ?? "";
    const file = await services.media.remove(viewer, id);
    return { ok: true, intent, message: `${file.name} is deleted.` } satisfies Result;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // 413: the rest of the upload is left unread; closing the connection keeps it that way.
    const headers = error.status === 413 ? { Connection: "close" } : undefined;
    return data({ ok: false, intent, message: error.message, id, fields: error.fields } satisfies Result, { status: error.status, headers });
  }
}

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { files, search, maxBytes } = loaderData;
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const result = actionData as Result | undefined;
  const uploadResult = result?.intent === "upload" ? result : undefined;
  const deleteResult = result?.intent === "delete" ? result : undefined;
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">Media library</h1>
      <section aria-labelledby="upload-heading" className="mb-10 max-w-2xl rounded-lg border border-gray-200 p-6">
        <h2 id="upload-heading" className="mb-4 text-2xl font-semibold">
          Upload an image
        </h2>
        {uploadResult?.ok && <StatusMessage kind="success">{uploadResult.message}</StatusMessage>}
        <DropZone busy={uploading}>
          {(form) => (
            /* Keyed on the last upload, so the file input empties after one. */
            <Form ref={form} method="post" encType="multipart/form-data" key={uploadResult?.id ?? "upload"} aria-labelledby="upload-heading">
              <input type="hidden" name="requireAlt" value="1" />
              <Field
                label="Image file"
                name="file"
                type="file"
                accept={ACCEPT}
                required
                error={uploadResult && !uploadResult.ok ? (uploadResult.fields ? uploadResult.fields.file : uploadResult.message) : undefined}
                hint={acceptedHint(maxBytes)}
              />
              <AltFields error={uploadResult?.fields?.alt ?? uploadResult?.fields?.decorative} />
              <Button disabled={uploading}>{uploading ? "Uploading…" : "Upload"}</Button>
            </Form>
          )}
        </DropZone>
      </section>

      <section aria-labelledby="files-heading">
        <h2 id="files-heading" className="mb-4 text-2xl font-semibold">
          {`Images (${files.total})`}
        </h2>
        <Form method="get" role="search" aria-label="Images" className="mb-6 flex max-w-xl flex-wrap items-end gap-3">
          <Field label="Search by name" name="q" type="search" defaultValue={search} maxLength={100} className="min-w-48 flex-1" />
          <Button variant="secondary" className="mb-0.5">
            Search
          </Button>
        </Form>
        {deleteResult && <StatusMessage kind={deleteResult.ok ? "success" : "error"}>{deleteResult.message}</StatusMessage>}
        {files.items.length === 0 ? (
          <p className="text-gray-700">{search ? `No image’s name contains “${search}”.` : "No images yet. Upload the first one above."}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label="Images">
            {files.items.map((file) => (
              <li key={file.id} className="flex min-w-0 flex-col gap-3 rounded-md border border-gray-300 p-3">
                <div className="flex flex-col gap-2">
                  <div className="flex justify-center">
                    <Thumbnail src={file.url} box={160} alt={file.name} />
                  </div>
                  <div className="min-w-0">
                    <p className="break-words font-semibold">{file.name}</p>
                    <p className="text-sm text-gray-700">{`${file.contentType.replace("image/", "").replace("svg+xml", "svg").toUpperCase()} · ${file.width} × ${file.height} · ${formatBytes(file.byteSize)}`}</p>
                    <p className="text-sm text-gray-700">{`Added ${shortDate(file.createdAt)} by ${file.createdBy}`}</p>
                    <p className={`text-sm ${file.altText === null && !file.decorative ? "font-semibold text-red-800" : "text-gray-700"}`}>{`Alt text: ${describeAlt(file)}`}</p>
                  </div>
                </div>
                <label className="block text-sm font-semibold text-gray-900">
                  Address<span className="sr-only">{` of ${file.name}`}</span>
                  <input readOnly value={file.url} className="mt-1 block w-full rounded-md border border-gray-400 px-2 py-1 font-mono text-xs text-ink" />
                </label>
                <UsedBy users={file.usedBy} />
                <div className="mt-auto flex flex-wrap items-start gap-2">
                  <Link to={mediaItemUrl(file.id)} className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                    Alt text and focal point<span className="sr-only">{` of ${file.name}`}</span>
                  </Link>
                  <a href={file.url} target="_blank" rel="noopener" className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                    Open<span className="sr-only">{` ${file.name} (opens in a new tab)`}</span>
                  </a>
                  <ConfirmAction
                    summary={<>Delete<span className="sr-only">{`: ${file.name}`}</span></>}
                    question={file.usedBy.length ? `In use: ${describeImageUsers(file.usedBy)}. Choose another image there first.` : `Delete “${file.name}”? This cannot be undone.`}
                    confirm={<>Yes, delete<span className="sr-only">{` ${file.name}`}</span></>}
                    fields={{ id: file.id }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6">
          <Pagination page={files.page} pageCount={files.pageCount} label="Image pages" />
        </div>
      </section>
    </>
  );
}

/**
 * The upload area: an image dropped on it goes into the form's file input and the form is sent,
 * the same upload as choosing the file and pressing Upload (which keyboard users do). One file at
 * a time, as the server takes them.
 */
function DropZone({ busy, children }: { busy: boolean; children: (form: React.RefObject<HTMLFormElement | null>) => React.ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const [over, setOver] = useState(false);
  const carriesFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes("Files");
  return (
    <div
      data-dropzone=""
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        const input = form.current?.elements.namedItem("file");
        if (!file || busy || !(input instanceof HTMLInputElement)) return;
        const one = new DataTransfer();
        one.items.add(file);
        input.files = one.files;
        form.current?.requestSubmit();
      }}
      className={`rounded-lg border-2 border-dashed p-4 ${over ? "border-brand-700 bg-brand-50" : "border-gray-400"}`}
    >
      <p className="mb-3 text-sm text-gray-800">Drop an image here to upload it, or choose a file.</p>
      {children(form)}
    </div>
  );
}

function UsedBy({ users }: { users: ImageUser[] }) {
  if (users.length === 0) return <p className="text-sm text-gray-700">Not used on the site.</p>;
  return (
    <div className="text-sm">
      <p className="font-semibold text-gray-900">Used by</p>
      <ul className="list-disc pl-5">
        {users.map((user) => (
          <li key={`${user.editUrl} ${user.field}`}>
            <Link to={user.editUrl} className="text-brand-700 underline">
              {`${user.section}${user.entry ? `: ${user.entry}` : ""}`}
            </Link>
            {` (${user.field})`}
          </li>
        ))}
      </ul>
    </div>
  );
}
