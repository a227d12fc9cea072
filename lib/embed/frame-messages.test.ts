import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { asOrigin, EMBED_HEIGHT_MESSAGE, EMBED_ORIGIN_PARAM, heightMessage, parentOrigin, type FrameFacts } from "./frame-messages";

const OWN = "https://give.example.org";
const HOST = "https://foodshelf.example.com";
const facts = (f: Partial<FrameFacts>): FrameFacts => ({ ownOrigin: OWN, ancestorOrigins: null, requested: null, referrer: null, remembered: null, ...f });

describe("the framed form posts its height only to its parent's origin", () => {
  test("the browser's ancestor list wins over what the address asks for", () => {
    expect(parentOrigin(facts({ ancestorOrigins: [HOST], requested: "https://evil.example" }))).toBe(HOST);
    expect(parentOrigin(facts({ ancestorOrigins: [HOST, "https://outer.example"] }))).toBe(HOST);
  });

  test("framed by Givebridge itself, or by an opaque origin: nothing is posted", () => {
    expect(parentOrigin(facts({ ancestorOrigins: [OWN], requested: HOST }))).toBeNull();
    expect(parentOrigin(facts({ ancestorOrigins: ["null"] }))).toBeNull();
    expect(parentOrigin(facts({ ancestorOrigins: [] }))).toBeNull();
  });

  test("without an ancestor list: the requested origin, then the referrer, then the remembered one", () => {
    expect(parentOrigin(facts({ requested: HOST, referrer: "https://other.example/page" }))).toBe(HOST);
    expect(parentOrigin(facts({ referrer: `${HOST}/donate?x=1` }))).toBe(HOST);
    // After a payment provider's redirect the referrer is Givebridge's own page: never the parent.
    expect(parentOrigin(facts({ referrer: `${OWN}/embed/donate/abc`, remembered: HOST }))).toBe(HOST);
    expect(parentOrigin(facts({ referrer: `${OWN}/embed/donate/abc` }))).toBeNull();
  });

  test("anything that is not exactly an http(s) origin is ignored", () => {
    for (const bad of ["*", "null", "javascript:alert(1)", `${HOST}/path`, "foodshelf.example.com", "ftp://files.example.org", ""]) {
      expect(asOrigin(bad)).toBeNull();
      expect(parentOrigin(facts({ requested: bad }))).toBeNull();
    }
    expect(asOrigin("http://localhost:3411")).toBe("http://localhost:3411");
  });

  test("heights are whole, non-negative pixels", () => {
    expect(heightMessage(812.2)).toEqual({ type: EMBED_HEIGHT_MESSAGE, height: 813 });
    expect(heightMessage(-4).height).toBe(0);
    expect(heightMessage(Number.NaN).height).toBe(0);
  });
});

/**
 * public/embed.js run as a browser would run it, in a small stand-in for the host page: one
 * script tag, its parent node, window message listeners.
 */
function loadEmbedJs(attrs: Record<string, string>, scriptSrc = `${OWN}/embed.js`) {
  const source = fs.readFileSync(path.join(process.cwd(), "public/embed.js"), "utf8");
  const inserted: Array<{ src: string; title: string; style: { cssText: string; height: string }; attrs: Record<string, string>; contentWindow: object }> = [];
  const listeners: Array<(e: { origin: string; source: unknown; data: unknown }) => void> = [];
  const errors: string[] = [];
  const script = { src: scriptSrc, getAttribute: (n: string) => attrs[n] ?? null, parentNode: { insertBefore: (el: (typeof inserted)[number]) => inserted.push(el) }, nextSibling: null };
  const document = {
    currentScript: script,
    createElement: () => {
      const el = { src: "", title: "", style: { cssText: "", height: "" }, attrs: {} as Record<string, string>, contentWindow: {}, setAttribute: (n: string, v: string) => (el.attrs[n] = v) };
      return el;
    },
  };
  const window = { addEventListener: (type: string, fn: (typeof listeners)[number]) => type === "message" && listeners.push(fn), console: { error: (m: string) => errors.push(m) } };
  vm.runInNewContext(source, { document, window, location: { origin: HOST }, URL, console: window.console, encodeURIComponent });
  const send = (e: { origin: string; source: unknown; data: unknown }) => listeners.forEach((fn) => fn(e));
  return { frame: inserted[0], frames: inserted, send, errors, source };
}

describe("public/embed.js", () => {
  test("is small, has no dependencies, and speaks the form's message protocol", () => {
    const { source } = loadEmbedJs({ "data-org": "org1" });
    expect(Buffer.byteLength(source)).toBeLessThan(10 * 1024);
    expect(source).not.toMatch(/\bimport\b|\brequire\(/);
    expect(source).toContain(`"${EMBED_HEIGHT_MESSAGE}"`);
    expect(source).toContain(`"?${EMBED_ORIGIN_PARAM}="`);
  });

  test("inserts the form's iframe from its own origin, for the organization or a fundraiser", () => {
    const direct = loadEmbedJs({ "data-org": "org-1" });
    expect(direct.frame!.src).toBe(`${OWN}/embed/donate/org-1?origin=${encodeURIComponent(HOST)}`);
    expect(direct.frame!.attrs.allow).toBe("payment");
    // Nothing loads before the form comes near the screen.
    expect(direct.frame!.attrs.loading).toBe("lazy");
    expect(direct.frame!.title).toBe("Donation form (Givebridge)");
    const fundraiser = loadEmbedJs({ "data-org": "org-1", "data-fundraiser": "f_2", "data-title": "Donate to the Food Drive" });
    expect(fundraiser.frame!.src).toBe(`${OWN}/embed/donate/org-1/f_2?origin=${encodeURIComponent(HOST)}`);
    expect(fundraiser.frame!.title).toBe("Donate to the Food Drive");
  });

  test("refuses ids that are not Givebridge ids (no iframe, one console error)", () => {
    const cases: Record<string, string>[] = [{}, { "data-org": "../admin" }, { "data-org": "a", "data-fundraiser": "x?y" }, { "data-org": "a b" }];
    for (const attrs of cases) {
      const run = loadEmbedJs(attrs);
      expect(run.frames).toHaveLength(0);
      expect(run.errors).toHaveLength(1);
    }
  });

  test("takes a height only from the Givebridge origin and its own iframe", () => {
    const { frame, send } = loadEmbedJs({ "data-org": "org1" });
    expect(frame!.style.cssText).toContain("height:720px");
    const initial = frame!.style.height;
    send({ origin: HOST, source: frame!.contentWindow, data: { type: EMBED_HEIGHT_MESSAGE, height: 5 } });
    send({ origin: "https://evil.example", source: frame!.contentWindow, data: { type: EMBED_HEIGHT_MESSAGE, height: 5 } });
    send({ origin: OWN, source: {}, data: { type: EMBED_HEIGHT_MESSAGE, height: 5 } });
    send({ origin: OWN, source: frame!.contentWindow, data: { type: "other", height: 5 } });
    send({ origin: OWN, source: frame!.contentWindow, data: { type: EMBED_HEIGHT_MESSAGE, height: "tall" } });
    send({ origin: OWN, source: frame!.contentWindow, data: null });
    expect(frame!.style.height).toBe(initial);
    send({ origin: OWN, source: frame!.contentWindow, data: { type: EMBED_HEIGHT_MESSAGE, height: 812.4 } });
    expect(frame!.style.height).toBe("813px");
    send({ origin: OWN, source: frame!.contentWindow, data: { type: EMBED_HEIGHT_MESSAGE, height: 1e9 } });
    expect(frame!.style.height).toBe("10000px");
  });
});
