import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { imageUsage } from "~/content/workflow/images.server.ts";
import { formValues, guardForm, orPageError } from "~/forms.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { AltFields } from "~/media/alt-fields.tsx";
import { describeAlt, FOCAL_X_LABEL, FOCAL_Y_LABEL, parseDescription } from "~/media/alt-text.ts";
import { objectPosition } from "~/media/focal-crop.ts";
import { parseMediaPath, srcSet } from "~/media/media-url.ts";
import { fitInto, formatBytes } from "~/media/thumbnail.tsx";
import { describeImageUsers } from "~/media/image-users.ts";
import { notFound } from "~/errors.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/media-item";

/**
 * One library file (decision 0039): its alt text or decorative mark, and its focal point, the
 * spot crops keep in view. Click the picture to place the point, or type its two percentages
 * (the keyboard way; the click only fills those fields). Saving bumps the public version, so
 * pages that show the file are rendered again with its alt text and crops.
 */

export const handle: AdminHandle = { crumb: "Image" };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.file.name ?? "Image"} | Media library | Rankwell admin` }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const [file, usage] = await Promise.all([services.media.get(params.id), imageUsage(services.db)]);
  if (!file) return orPageError(Promise.reject(notFound("Image")));
  return { file, usedBy: usage.get(parseMediaPath(file.url)?.hash ?? "") ?? [] };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    const file = await services.media.describe(context.get(viewerContext), params.id, parseDescription(values, { requireAlt: true }));
    return { ok: true as const, message: `${file.name} is saved: ${describeAlt(file)}, focal point ${file.focal.x}% ${file.focal.y}%.` };
  });
}

const PREVIEW_BOX = 480;

export default function MediaItem({ loaderData }: Route.ComponentProps) {
  const { file, usedBy } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const errors: Record<string, string> = failed?.fields ?? {};
  // As typed (a half-typed number stays as it is); the marker shows it within 0–100.
  const [typed, setTyped] = useState({ x: String(file.focal.x), y: String(file.focal.y) });
  const focal = { x: clampPercent(typed.x), y: clampPercent(typed.y) };
  // Remounted after a save, so the fields show what is stored.
  const formKey = `${file.altText}|${file.decorative}|${file.focal.x}|${file.focal.y}`;
  const ref = parseMediaPath(file.url);
  const size = fitInto(file.width, file.height, PREVIEW_BOX);
  return (
    <>
      <h1 className="mb-6 break-words text-3xl font-bold">{file.name}</h1>
      <p className="mb-6">
        <Link to="/admin/media" className="font-semibold text-brand-700 underline">
          Back to the media library
        </Link>
      </p>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      <FailureMessage error={failed?.error} />
      <div className="flex flex-wrap gap-8">
        <div className="min-w-0 max-w-full">
          {/* A click places the focal point; arrow keys move it (the number fields are the other keyboard way). */}
          <button
            type="button"
            aria-label="Focal point: click the image to place it, or move it with the arrow keys"
            className="relative block max-w-full cursor-crosshair rounded-md border border-gray-300 p-0"
            onClick={(event) => {
              if (event.detail === 0) return; // Enter or Space: no point was clicked.
              const box = event.currentTarget.getBoundingClientRect();
              setTyped({ x: String(clampPercent(String(((event.clientX - box.left) / box.width) * 100))), y: String(clampPercent(String(((event.clientY - box.top) / box.height) * 100))) });
            }}
            onKeyDown={(event) => {
              const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[event.key];
              if (!step) return;
              event.preventDefault();
              setTyped({ x: String(clampPercent(String(focal.x + step[0]!))), y: String(clampPercent(String(focal.y + step[1]!))) });
            }}
          >
            <img src={file.url} srcSet={ref && srcSet(ref)} sizes={`${size.width}px`} width={size.width} height={size.height} alt="" className="block h-auto max-w-full rounded-md" />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-700 shadow"
              style={{ left: `${focal.x}%`, top: `${focal.y}%` }}
            />
          </button>
          <p className="mt-2 text-sm text-gray-700">{`${file.contentType.replace("image/", "").replace("svg+xml", "svg").toUpperCase()} · ${file.width} × ${file.height} · ${formatBytes(file.byteSize)}`}</p>
          <p className="mt-1 text-sm text-gray-700">Click the image to place its focal point.</p>
        </div>
        <Form method="post" key={formKey} className="w-full max-w-md" aria-label="Alt text and focal point">
          <AltFields alt={file.altText ?? ""} decorative={file.decorative} error={errors.alt ?? errors.decorative} />
          <fieldset className="mb-4 rounded-md border border-gray-300 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-900">Focal point (kept in view when the image is cropped)</legend>
            <Field label={FOCAL_X_LABEL} name="focalX" type="number" min={0} max={100} step={1} value={typed.x} onChange={(e) => setTyped({ ...typed, x: e.currentTarget.value })} error={errors.focalX} />
            <Field label={FOCAL_Y_LABEL} name="focalY" type="number" min={0} max={100} step={1} value={typed.y} onChange={(e) => setTyped({ ...typed, y: e.currentTarget.value })} error={errors.focalY} />
          </fieldset>
          {(
            <div className="mb-4">
              <p className="text-sm font-semibold text-gray-900">A square crop around this point (as the team block shows it)</p>
              <img src={file.url} alt="" width={96} height={96} className="mt-2 h-24 w-24 rounded-full border border-gray-300 object-cover" style={{ objectPosition: objectPosition(focal) }} />
            </div>
          )}
          <Button disabled={busy}>{busy ? "Saving…" : "Save"}</Button>
        </Form>
      </div>
      <section aria-labelledby="used-heading" className="mt-10">
        <h2 id="used-heading" className="mb-2 text-2xl font-semibold">
          Used by
        </h2>
        {usedBy.length === 0 ? (
          <p className="text-gray-700">Not used on the site.</p>
        ) : (
          <ul className="list-disc pl-5" aria-label={`Uses: ${describeImageUsers(usedBy)}`}>
            {usedBy.map((user) => (
              <li key={`${user.editUrl} ${user.field}`}>
                <Link to={user.editUrl} className="text-brand-700 underline">{`${user.section}${user.entry ? `: ${user.entry}` : ""}`}</Link>
                {` (${user.field})`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** What a half-typed number field says, as a percent for the marker (the server checks the real value). */
const clampPercent = (value: string) => Math.min(100, Math.max(0, Math.round(Number(value) || 0)));
