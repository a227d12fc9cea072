/**
 * Paint first, then load the page's code (target: Lighthouse LCP < 1.5 s).
 *
 * Next writes its scripts into a page's HTML as `<script src="/_next/static/…" async>`, with
 * `<link rel="preload" as="script">` hints. A phone then downloads about 150–220 KB of
 * compressed JavaScript alongside the page's stylesheet, and runs it as soon as it arrives, so
 * on a slow link or a slow processor the first paint waits for code it does not need: every
 * word and picture of these pages is in the HTML. Lighthouse's mobile simulation counts that
 * wait (LCP 2.0–2.6 s with the scripts, 0.8–1.1 s without them, the same time to interactive).
 *
 * On the pages of `paintsFirst`, the app's own server (scripts/server.ts) rewrites the HTML as it
 * streams out:
 * - each such script tag becomes a one-line inline script that hands its address to the loader;
 * - the preload hints for those scripts are dropped;
 * - the loader (PAINT_FIRST_LOADER), written before the first of them, adds the scripts to the
 *   document, in their order, once the browser has reported its first contentful paint (Paint
 *   Timing, `first-contentful-paint`), or at once when the page is hidden or being prerendered,
 *   or after LOADER_FALLBACK_MS whatever happens;
 * On every page (FORM_GUARD, written before its first build script): until the page has hydrated
 * (`data-hydrated` on <html>, set by components/layout/hydration-mark.tsx), the native
 * submission of a form that has no `action` is refused. Such a form is sent by its script; sent
 * natively, its fields (a password, a card number) would go into the address bar as a GET query.
 * Next's error shell (`<html id="__next_error__">`, an error or "not found" decided after the
 * page began) has an empty body that its scripts fill: it is left as it is.
 * Inline scripts carry the nonce of the tags they replace, so a page with a nonce-based
 * Content-Security-Policy ('strict-dynamic') still runs them and the scripts they add.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { isCachedPublicPage } from "@/lib/cache/cached-pages";

/**
 * The pages painted before their code loads: the public pages a visitor lands on from outside
 * (the cached public pages of lib/cache/cached-pages.ts, search included) and a fundraiser's
 * donate page, /donation/{organization}/{fundraiser}.
 */
export function paintsFirst(pathname: string): boolean {
  return isCachedPublicPage(pathname) || /^\/donation\/[^/]+\/[^/]+$/.test(pathname);
}

/** Milliseconds after which the loader adds the scripts even if no paint was reported. */
export const LOADER_FALLBACK_MS = 3_000;

/** The global function through which the rewritten tags hand their addresses to the loader. */
export const LOADER_FUNCTION = "__gbScript";

/**
 * The form guard's source (ES5, one statement), written into every page: until the page has
 * hydrated, the native submission of a form without an `action` is refused.
 */
export const FORM_GUARD = `document.addEventListener("submit",function(e){var f=e.target;if(!document.documentElement.hasAttribute("data-hydrated")&&f&&f.getAttribute&&!f.getAttribute("action"))e.preventDefault()},!0)`;

/**
 * The loader's source (ES5, one statement): defines LOADER_FUNCTION, which queues script
 * addresses until the first contentful paint and adds them as async scripts from then on.
 */
export const PAINT_FIRST_LOADER = `(function(d,w){var q=[],on=!1;function add(u){var s=d.createElement("script");s.src=u;s.async=!0;d.head.appendChild(s)}w.${LOADER_FUNCTION}=function(u){on?add(u):q.push(u)};function go(){if(on)return;on=!0;for(var i=0;i<q.length;i++)add(q[i]);q=[]}setTimeout(go,${LOADER_FALLBACK_MS});if(d.visibilityState==="hidden"||d.prerendering)return go();var types=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf("paint")<0)return requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)}).observe({type:"paint",buffered:!0})})(document,self)`;

const SCRIPT_END = Buffer.from("</script>");

/**
 * Where the part of `html` that can be rewritten now ends: before a tag cut short, or before an
 * empty `<script …>` whose end tag has not arrived yet. Always at a "<", so never inside a
 * UTF-8 character.
 */
function safeEnd(html: Buffer): number {
  const open = html.lastIndexOf("<script");
  if (open >= 0) {
    const gt = html.indexOf(">", open);
    if (gt < 0) return open;
    const after = html.subarray(gt + 1);
    if (after.length < SCRIPT_END.length && SCRIPT_END.subarray(0, after.length).equals(after)) return open;
  }
  const lt = html.lastIndexOf("<");
  return lt >= 0 && html.indexOf(">", lt) < 0 ? lt : html.length;
}

/** The value of attribute `name` in a tag's text (`<name …>`), or null; values are double-quoted in React's HTML. */
function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`, "i").exec(tag);
  return m ? (m[1] ?? "") : null;
}

/** True for the address of one of the build's own scripts (same origin, /_next/static/). */
function isBuildScript(src: string | null): src is string {
  return !!src && src.startsWith("/_next/static/") && src.endsWith(".js");
}

/** A JavaScript string literal safe inside an HTML <script> element. */
function scriptString(value: string): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Rewrites one HTML document, chunk by chunk, as described in the module's comment (with
 * `deferScripts` false, only the form guard is added). Feed the UTF-8 chunks in order to `push`
 * and write what it returns; write what `end` returns last. A tag split across chunks is held
 * back until its end arrives. It works on the bytes: only the tags it looks at are decoded.
 */
export class PaintFirstRewriter {
  private carry: Buffer = Buffer.alloc(0);
  private headScriptWritten = false;
  /** True for Next's error shell, whose content only its scripts render: left as it is. */
  private errorShell: boolean | undefined;

  /** `deferScripts`: hand the build's scripts to the loader (paintsFirst pages); otherwise only the form guard is added. */
  constructor(private readonly deferScripts: boolean) {}

  /** The rewritten bytes for `chunk` (UTF-8, possibly cut anywhere). */
  push(chunk: Uint8Array): Buffer {
    const html = this.carry.length ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const cut = safeEnd(html);
    this.carry = Buffer.from(html.subarray(cut));
    return this.rewrite(html.subarray(0, cut));
  }

  /** What is left at the end of the document. */
  end(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return this.rewrite(rest);
  }

  private rewrite(html: Buffer): Buffer {
    if (this.errorShell === undefined) {
      const root = html.indexOf("<html");
      if (root >= 0) this.errorShell = attribute(html.toString("utf8", root, html.indexOf(">", root) + 1), "id") === "__next_error__";
      else if (["<head", "<body", "<script", "<link"].some((t) => html.includes(t))) this.errorShell = false;
    }
    if (this.errorShell) return html;
    const parts: Buffer[] = [];
    let copied = 0;
    let from = 0;
    for (;;) {
      const script = html.indexOf("<script", from);
      const link = this.deferScripts ? html.indexOf("<link", from) : -1;
      const at = script < 0 ? link : link < 0 ? script : Math.min(script, link);
      if (at < 0) break;
      const gt = html.indexOf(">", at);
      if (gt < 0) break;
      const tag = html.toString("utf8", at, gt + 1);
      let end = gt + 1;
      let replacement: string | null = null;
      if (at === script) {
        if (html.subarray(end, end + SCRIPT_END.length).equals(SCRIPT_END)) {
          replacement = this.scriptTag(tag);
          end += SCRIPT_END.length;
        }
      } else if (attribute(tag, "rel") === "preload" && attribute(tag, "as") === "script" && isBuildScript(attribute(tag, "href"))) {
        replacement = "";
      }
      if (replacement !== null) {
        parts.push(html.subarray(copied, at), Buffer.from(replacement));
        copied = end;
      }
      from = end;
    }
    if (!parts.length) return html;
    parts.push(html.subarray(copied));
    return Buffer.concat(parts);
  }

  /** What an empty `<script …>` tag becomes (with its end tag), or null to keep it. */
  private scriptTag(tag: string): string | null {
    const src = attribute(tag, "src");
    if (!isBuildScript(src) || attribute(tag, "async") === null || attribute(tag, "nomodule") !== null) return null;
    if (!this.deferScripts && this.headScriptWritten) return null;
    const nonce = attribute(tag, "nonce");
    const open = nonce ? `<script nonce="${nonce}">` : "<script>";
    const script = this.deferScripts ? `${open}${LOADER_FUNCTION}(${scriptString(src)})</script>` : `${tag}</script>`;
    if (this.headScriptWritten) return script;
    this.headScriptWritten = true;
    return `${open}${FORM_GUARD};${this.deferScripts ? PAINT_FIRST_LOADER : ""}</script>${script}`;
  }
}

type WriteCallback = (err?: Error | null) => void;

/** The content type among headers given to writeHead (any case), or undefined. */
function headerValue(headers: OutgoingHttpHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : String(headers[key]);
}

/**
 * Makes `res` rewrite its body with a PaintFirstRewriter when it answers a GET with HTML
 * (Content-Type text/html): the build's scripts deferred on the pages of `paintsFirst`, the form
 * guard on every page. Any other response passes untouched. The
 * body's length changes, so its Content-Length is dropped (the response is sent chunked, or
 * compressed by the server's compression, which drops it too). Call before the handler writes.
 */
export function paintFirstResponse(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== "GET") return;
  const deferScripts = paintsFirst((req.url ?? "/").split("?")[0]!);
  const write = res.write.bind(res) as (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let rewriter: PaintFirstRewriter | null | undefined;

  const decide = (headers?: OutgoingHttpHeaders): PaintFirstRewriter | null => {
    if (rewriter !== undefined) return rewriter;
    const type = headerValue(headers, "content-type") ?? String(res.getHeader("content-type") ?? "");
    rewriter = type.toLowerCase().startsWith("text/html") ? new PaintFirstRewriter(deferScripts) : null;
    if (rewriter) {
      if (!res.headersSent) res.removeHeader("content-length");
      const key = headers && Object.keys(headers).find((k) => k.toLowerCase() === "content-length");
      if (key !== undefined) delete headers![key];
    }
    return rewriter;
  };
  const bytes = (chunk: unknown, encoding: unknown): Uint8Array =>
    typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : (chunk as Uint8Array);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === "object" && r !== null && !Array.isArray(r));
    decide(headers);
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    const r = decide();
    if (!r || chunk === undefined || chunk === null) return write(chunk, encoding, cb);
    const callback = (typeof encoding === "function" ? encoding : cb) as WriteCallback | undefined;
    return write(r.push(bytes(chunk, encoding)), callback);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    const r = decide();
    const callback = [chunk, encoding, cb].find((a) => typeof a === "function") as WriteCallback | undefined;
    if (!r) return end(chunk, encoding, cb);
    const body = typeof chunk === "function" || chunk === undefined || chunk === null ? [] : [r.push(bytes(chunk, encoding))];
    return end(Buffer.concat([...body, r.end()]), callback);
  }) as typeof res.end;
}
