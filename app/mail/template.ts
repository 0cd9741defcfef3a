/**
 * The one template every mail is rendered with: a title, paragraphs, an optional table of
 * "label: value" rows, an optional button, and paragraphs after it. From it come the plain-text
 * part (mailText, the words as they always were) and the HTML part (mailHtml: the site's name and
 * logo, inline CSS and tables only, because mail clients drop <style> and most layout CSS;
 * everything escaped; every link absolute to APP_URL). Pure: no database, no config.
 */

export interface MailContent {
  /** The heading of the HTML part (the plain text never had one; the subject says it). */
  title: string;
  /** Paragraphs; a newline inside one is a line break. */
  paragraphs: readonly string[];
  /** Facts such as an order's id and amount, one [label, value] a row. */
  table?: readonly (readonly [string, string])[];
  /** The one thing to do: a path on the site or an absolute http(s) address. */
  button?: { label: string; url: string };
  /** Paragraphs after the button ("If it was not you, ignore this mail."). */
  after?: readonly string[];
}

/** Who the mail is from, as the HTML part shows it. */
export interface MailBrand {
  name: string;
  /** APP_URL: every link of the HTML part is made absolute against it. */
  appUrl: string;
  /** The logo section's image, when mail clients can show it (PNG, JPEG, GIF); otherwise the name is the logo. */
  logo?: { url: string; width?: number; height?: number };
}

/**
 * The plain-text part: paragraphs, the table as "Label: value" lines, the button as
 * "Label: address", the paragraphs after it, separated by blank lines. Mails whose words do not
 * follow this shape pass their text as it always was (Mail.text) and use the content for HTML only.
 */
export function mailText(content: MailContent): string {
  const blocks = [...content.paragraphs];
  if (content.table?.length) blocks.push(content.table.map(([label, value]) => `${label}: ${value}`).join("\n"));
  if (content.button) blocks.push(`${content.button.label}: ${content.button.url}`);
  blocks.push(...(content.after ?? []));
  return blocks.join("\n\n");
}

/**
 * The content of a mail queued with text only (before this template, or by code that has no
 * content): its paragraphs, under the subject. Addresses in it still become links.
 */
export function contentFromText(subject: string, text: string): MailContent {
  return { title: subject, paragraphs: text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text into HTML text or an attribute value: nothing a customer typed can become markup. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A link's address made absolute against APP_URL; undefined for anything but http(s) (javascript:, data:). */
export function absoluteUrl(url: string, appUrl: string): string | undefined {
  try {
    const resolved = new URL(url, appUrl.endsWith("/") ? appUrl : `${appUrl}/`);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const BRAND = "#3730a3";
const TEXT = "#111827";
const MUTED = "#4b5563";
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A paragraph's text as HTML: escaped, line breaks kept, http(s) addresses as links. */
function richText(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    html += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" style="color:${BRAND};text-decoration:underline;word-break:break-all;">${url}</a>`;
    last = match.index + match[0].length;
  }
  html += escapeHtml(text.slice(last));
  return html.replace(/\r?\n/g, "<br>");
}

const paragraph = (text: string) => `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:1.5;color:${TEXT};">${richText(text)}</p>`;

function factsTable(rows: readonly (readonly [string, string])[]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:8px 16px 8px 0;border-bottom:1px solid #e5e7eb;${FONT}font-size:14px;font-weight:600;color:${MUTED};white-space:nowrap;">${escapeHtml(label)}</th>` +
        `<td valign="top" style="padding:8px 0;border-bottom:1px solid #e5e7eb;${FONT}font-size:14px;color:${TEXT};word-break:break-word;">${richText(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 24px;">${cells}</table>`;
}

/** A "bulletproof" button (a table cell with a background: Outlook ignores padding on links), with the address written out below it. */
function button(label: string, href: string): string {
  const url = escapeHtml(href);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr><td align="center" bgcolor="${BRAND}" style="border-radius:6px;background:${BRAND};">` +
    `<a href="${url}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a></td></tr></table>` +
    `<p style="margin:0 0 24px;${FONT}font-size:13px;line-height:1.5;color:${MUTED};">Or open this address: <a href="${url}" style="color:${BRAND};word-break:break-all;">${url}</a></p>`
  );
}

function header(brand: MailBrand): string {
  const home = escapeHtml(absoluteUrl("/", brand.appUrl) ?? brand.appUrl);
  const logoUrl = brand.logo && absoluteUrl(brand.logo.url, brand.appUrl);
  const mark = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(brand.name)}" height="40"${brand.logo?.width && brand.logo.height ? ` width="${Math.round((40 * brand.logo.width) / brand.logo.height)}"` : ""} style="display:block;height:40px;border:0;outline:none;text-decoration:none;">`
    : `<span style="${FONT}font-size:22px;font-weight:bold;color:${BRAND};">${escapeHtml(brand.name)}</span>`;
  return `<a href="${home}" style="text-decoration:none;">${mark}</a>`;
}

/** The HTML part: the brand on top, the content in one column of at most 600 px, the site's address below. */
export function mailHtml(content: MailContent, brand: MailBrand, subject = content.title): string {
  const href = content.button && absoluteUrl(content.button.url, brand.appUrl);
  const body = [
    `<h1 style="margin:0 0 24px;${FONT}font-size:22px;line-height:1.3;font-weight:bold;color:${TEXT};">${escapeHtml(content.title)}</h1>`,
    ...content.paragraphs.map(paragraph),
    content.table?.length ? factsTable(content.table) : "",
    content.button ? (href ? button(content.button.label, href) : paragraph(`${content.button.label}: ${content.button.url}`)) : "",
    ...(content.after ?? []).map(paragraph),
  ].join("");
  const site = escapeHtml(absoluteUrl("/", brand.appUrl) ?? brand.appUrl);
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;">`,
    `<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;">${header(brand)}</td></tr>`,
    `<tr><td style="padding:32px;">${body}</td></tr>`,
    `<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;${FONT}font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(brand.name)} · <a href="${site}" style="color:${MUTED};">${site}</a></td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join("\n");
}
