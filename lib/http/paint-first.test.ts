/**
 * @jest-environment node
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import { FORM_GUARD, LOADER_FUNCTION, PAINT_FIRST_LOADER, PaintFirstRewriter, paintFirstResponse, paintsFirst } from "./paint-first";

/** A page shaped as Next 16 writes it: head scripts with a preload, a nomodule one, inline flight data, the bootstrap in the body. */
function nextPage(nonce?: string): string {
  const n = nonce ? ` nonce="${nonce}"` : "";
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>`,
    `<link rel="stylesheet" href="/_next/static/chunks/app.css" data-precedence="next"/>`,
    `<link rel="preload" as="script" fetchPriority="low"${n} href="/_next/static/chunks/boot.js"/>`,
    `<link rel="preload" href="/images/givebridge-logo.svg" as="image"/>`,
    `<script src="/_next/static/chunks/a.js" async=""${n}></script>`,
    `<script src="/_next/static/chunks/b-x_1.js" async=""${n}></script>`,
    `<script src="https://js.stripe.com/v3" async=""${n}></script>`,
    `<script src="/_next/static/chunks/legacy.js" noModule=""${n}></script>`,
    `<title>Givebridge</title></head><body><main>Café &amp; “quotes” — 100%</main>`,
    `<script id="_R_"${n}>(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({"otherChunks":["static/chunks/a.js"]})</script>`,
    `<script src="/_next/static/chunks/boot.js"${n} async=""></script>`,
    `<script${n}>self.__next_f.push([1,"\\u003cscript src=\\"/_next/static/chunks/x.js\\" async=\\"\\"\\u003e"])</script>`,
    `</body></html>`,
  ].join("");
}

const handOver = (src: string, nonce?: string) => `<script${nonce ? ` nonce="${nonce}"` : ""}>${LOADER_FUNCTION}(${JSON.stringify(src)})</script>`;

function rewriteAll(html: string, chunkSize: number, deferScripts = true): string {
  const r = new PaintFirstRewriter(deferScripts);
  let out = "";
  for (let i = 0; i < html.length; i += chunkSize) out += r.push(Buffer.from(html.slice(i, i + chunkSize))).toString("utf8");
  return out + r.end().toString("utf8");
}

describe("PaintFirstRewriter", () => {
  const page = nextPage();
  const whole = rewriteAll(page, page.length);

  test("hands the build's async scripts to the loader, written once before the first of them", () => {
    expect(whole).not.toContain(`<script src="/_next/static/chunks/a.js"`);
    expect(whole).not.toContain(`<script src="/_next/static/chunks/boot.js"`);
    const loader = `<script>${FORM_GUARD};${PAINT_FIRST_LOADER}</script>`;
    expect(whole.split(loader)).toHaveLength(2);
    expect(whole.indexOf(loader)).toBeLessThan(whole.indexOf(handOver("/_next/static/chunks/a.js")));
    // In document order: the head's two scripts, then the bootstrap in the body.
    const order = ["a.js", "b-x_1.js", "boot.js"].map((f) => whole.indexOf(handOver(`/_next/static/chunks/${f}`)));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  test("drops the build's script preloads and keeps everything else as it was", () => {
    expect(whole).not.toContain(`as="script"`);
    expect(whole).toContain(`<link rel="preload" href="/images/givebridge-logo.svg" as="image"/>`);
    expect(whole).toContain(`<script src="https://js.stripe.com/v3" async=""></script>`);
    expect(whole).toContain(`<script src="/_next/static/chunks/legacy.js" noModule=""></script>`);
    expect(whole).toContain(`<main>Café &amp; “quotes” — 100%</main>`);
    expect(whole).toContain(`\\u003cscript src=\\"/_next/static/chunks/x.js\\" async=\\"\\"\\u003e`);
    expect(whole).toContain(`<script id="_R_">`);
  });

  test("gives the loader and every hand-over the nonce of the tags they replace", () => {
    const nonce = "mdNFZA2FSDfNgf2m/J7itQ==";
    const out = rewriteAll(nextPage(nonce), 10_000);
    expect(out).toContain(`<script nonce="${nonce}">${FORM_GUARD};${PAINT_FIRST_LOADER}</script>`);
    expect(out).toContain(handOver("/_next/static/chunks/boot.js", nonce));
    expect(out).not.toMatch(/<script>/);
  });

  test("gives the same document however the HTML is cut into chunks", () => {
    for (const size of [1, 2, 3, 5, 8, 13, 64, 333]) expect(rewriteAll(page, size)).toBe(whole);
    for (let cut = 1; cut < Buffer.byteLength(page); cut++) {
      const r = new PaintFirstRewriter(true);
      const bytes = Buffer.from(page);
      expect(Buffer.concat([r.push(bytes.subarray(0, cut)), r.push(bytes.subarray(cut)), r.end()]).toString("utf8")).toBe(whole);
    }
  });

  test("on other pages, adds only the form guard, before the first build script", () => {
    const nonce = "n0nce";
    const other = nextPage(nonce);
    const guard = `<script nonce="${nonce}">${FORM_GUARD};</script>`;
    const expected = other.replace(`<script src="/_next/static/chunks/a.js"`, `${guard}<script src="/_next/static/chunks/a.js"`);
    for (const size of [1, 6, other.length]) expect(rewriteAll(other, size, false)).toBe(expected);
  });

  test("leaves Next's error shell, whose body only its scripts fill, untouched", () => {
    const shell = nextPage().replace(`<html lang="en">`, `<html id="__next_error__">`).replace(/<main>.*<\/main>/, "");
    for (const size of [1, 9, shell.length]) expect(rewriteAll(shell, size)).toBe(shell);
  });

  test("leaves a document without the build's scripts untouched", () => {
    const html = `<!DOCTYPE html><html><head><script src="/vendor.js" async=""></script></head><body><p>a < b</p></body></html>`;
    expect(rewriteAll(html, 7)).toBe(html);
  });
});

describe("paintsFirst", () => {
  test.each(["/", "/about", "/search", "/nonprofit/abc", "/fundraiser/f1", "/event/e1", "/donation/org1/f1"])("%s is painted first", (path) => {
    expect(paintsFirst(path)).toBe(true);
  });
  test.each(["/login", "/dashboard", "/signup/individual", "/event/tickets", "/nonprofit/events/e1", "/donation/org1", "/nonprofit/abc/edit", "/api/search/nonprofit", "/_next/static/chunks/a.js"])("%s loads as usual", (path) => {
    expect(paintsFirst(path)).toBe(false);
  });
});

describe("paintFirstResponse", () => {
  let server: http.Server;
  let base: string;
  const page = nextPage();

  beforeAll(async () => {
    const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    server = http.createServer((req, res) =>
      compress(req, res, () => {
        paintFirstResponse(req, res);
        const bytes = Buffer.from(page);
        if (req.url === "/fundraiser/json") {
          res.setHeader("Content-Type", "application/json");
          res.end(JSON.stringify({ html: page }));
        } else if (req.url === "/donation/org1/f1") {
          // Streamed in pieces that cut tags and a multi-byte character.
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          let i = 0;
          const next = () => {
            if (i >= bytes.length) return void res.end();
            res.write(bytes.subarray(i, i + 37));
            i += 37;
            setImmediate(next);
          };
          next();
        } else {
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.setHeader("Content-Length", bytes.length);
          res.end(bytes);
        }
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const expected = rewriteAll(page, page.length);

  test("rewrites a page sent whole with its Content-Length, and drops the length", async () => {
    const res = await fetch(`${base}/`, { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("content-length")).toBeNull();
    expect(await res.text()).toBe(expected);
  });

  test("rewrites a streamed page, then compresses it", async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/donation/org1/f1`, { headers: { "accept-encoding": "gzip" } }, resolve));
    expect(res.headers["content-encoding"]).toBe("gzip");
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    expect(gunzipSync(Buffer.concat(chunks)).toString("utf8")).toBe(expected);
  });

  test("gives other pages only the form guard, and leaves other content types and methods alone", async () => {
    expect(await (await fetch(`${base}/login`)).text()).toBe(rewriteAll(page, page.length, false));
    expect(((await (await fetch(`${base}/fundraiser/json`)).json()) as { html: string }).html).toBe(page);
    const post = await fetch(`${base}/`, { method: "POST" });
    expect(await post.text()).toBe(page);
  });
});
