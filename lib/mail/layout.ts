/**
 * One layout for the emails about gifts: each message is written once as a
 * heading and a few blocks, and rendered twice — an HTML part that looks like the nonprofit's
 * (its logo and name beside the platform's, its formatted EIN and deductibility sentence in
 * the footer) and a plain-text part with the same words, so every client shows the same
 * message. Nodemailer sends both as multipart/alternative.
 *
 * Every value put into the HTML is escaped (escape-html); link and image addresses must be
 * absolute http(s) URLs or they are left out. The HTML is table-based with inline styles, the
 * form mail clients render reliably, 600 px wide at most and fluid below.
 */
import "server-only";
import escapeHtml from "escape-html";
import { baseUrl } from "@/lib/env";
import { PLATFORM_LOGO_PATH, PLATFORM_NAME } from "@/lib/config/platform";
import { formatEin } from "@/lib/donations/labels";
import type { MailMessage } from "./transport";

/** The organization a message comes from or is about. */
export type MailOrganization = {
  name: string;
  /** Its logo: a stored image's URL or an absolute URL; null without one. */
  logoUrl: string | null;
  /** The EIN as stored (9 digits); shown formatted ("03-0277440") in the footer when given. */
  ein?: string | null;
  /** The plain-words deductibility sentence shown in the footer of receipts. */
  deductibility?: string | null;
};

/** One part of a message's body. */
export type MailBlock =
  /** A paragraph; `strong` for a statement that must stand out (e.g. no goods or services); `keepLines`: its line breaks show in HTML too. */
  | { kind: "text"; text: string; strong?: boolean; keepLines?: boolean }
  /** Label and value pairs; `code` values (receipt and confirmation numbers) get a full-width line of their own and never wrap. */
  | { kind: "facts"; rows: { label: string; value: string; code?: boolean }[] }
  /** A link shown as a button in HTML and as "label:" and the URL on its own line in text. */
  | { kind: "action"; label: string; url: string }
  /** Small print. */
  | { kind: "note"; text: string };

/** A message before rendering. */
export type MailContent = Pick<MailMessage, "to" | "subject" | "replyTo" | "fromName" | "attachments"> & {
  /** The message's first sentence, also the inbox preview line. */
  heading: string;
  /** The organization the message speaks for (header and footer); null for the platform's own mail. */
  organization: MailOrganization | null;
  blocks: MailBlock[];
};

/** An absolute http(s) URL for a stored image or a link: site paths ("/uploads/…") get the public base URL. */
export function absoluteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const full = url.startsWith("/") && !url.startsWith("//") ? `${baseUrl()}${url}` : url;
  try {
    const parsed = new URL(full);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** HTML text with every interpolated value escaped (the values, never the template, come from data). */
function html(strings: TemplateStringsArray, ...values: (string | number | Html)[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += (v instanceof Html ? v.value : escapeHtml(String(v))) + strings[i + 1]!;
  });
  return new Html(out);
}

/** Markup already escaped by `html`. */
class Html {
  constructor(readonly value: string) {}
}

const join = (parts: Html[]) => new Html(parts.map((p) => p.value).join(""));

const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const mono = "font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Courier New',monospace";
const brandColor = "#175e57";

function logo(url: string | null, alt: string, size: number): Html {
  if (!url) return html``;
  return html`<img src="${url}" alt="${alt}" width="${size}" height="${size}" style="display:block;width:${size}px;height:${size}px;border:0;border-radius:8px;object-fit:contain">`;
}

function header(org: MailOrganization | null): Html {
  const platformLogo = logo(absoluteUrl(PLATFORM_LOGO_PATH), `${PLATFORM_NAME} logo`, org ? 24 : 40);
  if (!org) {
    return html`<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="padding-right:10px">${platformLogo}</td><td style="${font};font-size:20px;font-weight:700;color:${brandColor}">${PLATFORM_NAME}</td></tr></table>`;
  }
  const orgLogo = logo(absoluteUrl(org.logoUrl), `${org.name} logo`, 48);
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
<td style="width:1px;padding-right:${org.logoUrl ? "12px" : "0"}">${orgLogo}</td>
<td style="${font};font-size:18px;font-weight:700;color:#0f172a">${org.name}</td>
<td align="right" style="${font};font-size:12px;color:#64748b;white-space:nowrap"><table role="presentation" cellpadding="0" cellspacing="0" align="right"><tr><td style="padding-right:6px">${platformLogo}</td><td style="${font};font-size:12px;color:#64748b">via ${PLATFORM_NAME}</td></tr></table></td>
</tr></table>`;
}

function blockHtml(b: MailBlock): Html {
  switch (b.kind) {
    case "text":
      return html`<p style="margin:0 0 16px;${font};font-size:15px;line-height:1.55;color:#0f172a${b.strong ? ";font-weight:700" : ""}${b.keepLines ? ";white-space:pre-line" : ""}">${b.text}</p>`;
    case "note":
      return html`<p style="margin:0 0 16px;${font};font-size:13px;line-height:1.5;color:#475569">${b.text}</p>`;
    case "facts":
      return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse">${join(
        b.rows.map((r) =>
          r.code
            ? html`<tr><td colspan="2" style="padding:7px 0;border-bottom:1px solid #e2e8f0;${font};font-size:14px;color:#475569">${r.label}<br><span style="${mono};font-size:12px;white-space:nowrap;color:#0f172a">${r.value}</span></td></tr>`
            : html`<tr><td width="40%" style="padding:7px 12px 7px 0;border-bottom:1px solid #e2e8f0;${font};font-size:14px;color:#475569;vertical-align:top">${r.label}</td><td style="padding:7px 0;border-bottom:1px solid #e2e8f0;${font};font-size:14px;color:#0f172a;text-align:right;vertical-align:top">${r.value}</td></tr>`,
        ),
      )}</table>`;
    case "action": {
      const url = absoluteUrl(b.url);
      if (!url) return html``;
      return html`<p style="margin:0 0 20px"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${brandColor};color:#ffffff;${font};font-size:15px;font-weight:600;text-decoration:none">${b.label}</a></p>`;
    }
  }
}

function footerHtml(org: MailOrganization | null): Html {
  const lines: Html[] = [];
  if (org) {
    const ein = org.ein ? formatEin(org.ein) : null;
    lines.push(html`<p style="margin:0 0 6px;${font};font-size:12px;color:#475569"><strong>${org.name}</strong>${ein ? html` · <span style="white-space:nowrap">EIN ${ein}</span>` : html``}</p>`);
    if (org.deductibility) lines.push(html`<p style="margin:0 0 6px;${font};font-size:12px;color:#475569" data-deductibility>${org.deductibility}</p>`);
    lines.push(html`<p style="margin:0;${font};font-size:12px;color:#64748b">${PLATFORM_NAME} processes gifts on behalf of ${org.name}.</p>`);
  } else {
    lines.push(html`<p style="margin:0;${font};font-size:12px;color:#64748b">${PLATFORM_NAME}</p>`);
  }
  return join(lines);
}

function blockText(b: MailBlock): string {
  switch (b.kind) {
    case "text":
    case "note":
      return b.text;
    case "facts":
      return b.rows.map((r) => `${r.label}: ${r.value}`).join("\n");
    case "action":
      return `${b.label}:\n${b.url}`;
  }
}

function footerText(org: MailOrganization | null): string {
  if (!org) return `— ${PLATFORM_NAME}`;
  const ein = org.ein ? ` · EIN ${formatEin(org.ein)}` : "";
  return [`— ${org.name}${ein}`, org.deductibility ?? null, `${PLATFORM_NAME} processes gifts on behalf of ${org.name}.`].filter(Boolean).join("\n");
}

/**
 * Render a message: the text part and the HTML part say the same things.
 * @returns a MailMessage with `text` and `html` (to, subject, replyTo, fromName and attachments as given).
 */
export function renderMail(content: MailContent): MailMessage {
  const { heading, organization: org, blocks, ...envelope } = content;
  const text = [heading, ...blocks.map(blockText), footerText(org)].join("\n\n");
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${content.subject}</title></head>
<body style="margin:0;padding:0;background:#f1f5f4">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${heading}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:18px 24px;border-bottom:1px solid #e2e8f0">${header(org)}</td></tr>
<tr><td style="padding:24px 24px 8px">
<h1 style="margin:0 0 18px;${font};font-size:21px;line-height:1.35;color:#0f172a">${heading}</h1>
${join(blocks.map(blockHtml))}
</td></tr>
<tr><td style="padding:16px 24px 20px;border-top:1px solid #e2e8f0;background:#f8fafc;border-radius:0 0 12px 12px">${footerHtml(org)}</td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { ...envelope, text, html: page.value };
}
