import type { PageRecord, SectionKey } from "../../content/registry/sections.ts";
import type { ImageFacts } from "../../media/alt-text.ts";
import { objectPosition } from "../../media/focal-crop.ts";
import { cropped, parseMediaPath, srcSet } from "../../media/media-url.ts";

/**
 * What every public content block is built from: the page column, the primary button, lazy
 * images, a section with its h2 heading, the icon item, the checked point and the skill bar. Headings: the page's h1
 * is the banner (landing) or the page title; blocks use h2 and their cards h3.
 */

export type R<K extends SectionKey> = PageRecord<K>;

/**
 * A formatted text field: the sanitised HTML the server rendered for it (content/registry/formatted.server.ts;
 * never what was typed), or the plain value where no rendering came along.
 */
export function Formatted({ record, field, className = "" }: { record: { _html?: Record<string, string> } & Record<string, unknown>; field: string; className?: string }) {
  const html = record._html?.[field];
  if (html === undefined) return <p className={className}>{String(record[field] ?? "")}</p>;
  return <div className={`formatted ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export const buttonPrimary =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800";
export const container = "mx-auto max-w-6xl px-4";

/**
 * A content image: lazy and async-decoded below the fold, with its box reserved. A library image
 * brings its own width and height (in its URL: no lookup) and resized copies for `srcset`; `width`
 * and `height` are then the largest box the block draws it in (for `sizes`). Any other address
 * gets them as its box.
 *
 * `image`: what the library says about the file (the record's `_images`). Its alt text wins over
 * the block's `alt`, which stays the fallback for a file nobody has described and for addresses
 * from elsewhere; a decorative file gets alt="" (decision 0039). `crop="square"`: the block shows
 * it square (object-fit: cover); a library photo then comes as a square copy cut around its focal
 * point, and anything else is placed by CSS around that point (`object-position`, only when it is
 * not the centre, CSS's default).
 */
export function Img({
  src,
  alt,
  width,
  height,
  eager,
  className,
  image,
  crop,
}: {
  src: string;
  alt: string;
  image?: ImageFacts;
  crop?: "square";
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  if (!src) return null;
  const media = parseMediaPath(src);
  const cut = crop && media && image ? cropped(media, crop, image.focal, width) : undefined;
  const set = cut?.srcSet ?? (media && srcSet(media));
  return (
    <img
      src={cut?.src ?? src}
      srcSet={set}
      sizes={set ? `(max-width: ${width}px) 100vw, ${width}px` : undefined}
      alt={image?.alt ?? alt}
      width={cut?.width ?? media?.width ?? width}
      height={cut?.height ?? media?.height ?? height}
      style={crop && image && !cut && (image.focal.x !== 50 || image.focal.y !== 50) ? { objectPosition: objectPosition(image.focal) } : undefined}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      fetchPriority={eager ? "high" : undefined}
      className={className}
    />
  );
}

/** A landing section: an anchor target labelled by its heading (`<heading>-heading`). */
export function Section({
  id,
  heading,
  className = "",
  children,
}: {
  id?: string;
  heading: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${heading}-heading`} className={`scroll-mt-4 py-16 md:py-20 ${className}`}>
      <div className={container}>{children}</div>
    </section>
  );
}

/** Small coloured line above an h2 (the sections' "text" / "sub heading" fields). */
export function Heading({ id, eyebrow, title, center = true }: { id: string; eyebrow?: string; title: string; center?: boolean }) {
  return (
    <div className={`mb-10 ${center ? "mx-auto max-w-2xl text-center" : ""}`}>
      {eyebrow && <p className="text-sm font-bold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <h2 id={`${id}-heading`} className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}

const ICON_ITEM_LOOKS = {
  plain: { item: "flex gap-4", title: "text-lg font-bold text-ink", text: "mt-1 leading-relaxed text-gray-700" },
  onDark: { item: "flex gap-4", title: "text-lg font-bold", text: "mt-1 leading-relaxed text-gray-200" },
  card: { item: "flex gap-4 rounded-xl bg-gray-50 p-4", title: "font-bold text-ink", text: "text-gray-700" },
};

/**
 * A list item with an icon (or a step's number) beside its h3 title and a line of text: the
 * getting-started steps (plain), the video block's highlights (onDark), the contact details (card).
 */
export function IconItem({ icon, title, text, look = "plain" }: { icon: React.ReactNode; title: React.ReactNode; text: string; look?: keyof typeof ICON_ITEM_LOOKS }) {
  const classes = ICON_ITEM_LOOKS[look];
  return (
    <li className={classes.item}>
      {icon}
      <div>
        <h3 className={classes.title}>{title}</h3>
        <p className={classes.text}>{text}</p>
      </div>
    </li>
  );
}

/**
 * A point with a check mark before it (a plan's points, the about block's): the mark is drawn by
 * CSS (app/styles/shared.css, `.check`), not an SVG per point, which kept the landing page's DOM long.
 */
export const checkPoint = "check flex gap-2";

/** A labelled bar; the bar itself is decoration, the text says the percent. */
export function SkillBar({ label, value }: { label: string; value: number }) {
  return (
    <li>
      <div className="flex justify-between gap-4 font-semibold text-ink">
        <span>{label}</span>
        <span>{`${value}%`}</span>
      </div>
      <div aria-hidden="true" className="mt-2 h-3 overflow-hidden rounded-full bg-brand-100">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
    </li>
  );
}
