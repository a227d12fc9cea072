/**
 * Every <form> under app/ and components/ states how a browser sends it without its script.
 * A form sent by its script but submitted natively (a tap or Enter before the page has
 * hydrated, or with JavaScript off) goes to its `action` with its `method`; with neither, the
 * browser sends a GET to the page itself and every field, a password or a card number
 * included, lands in the address bar, the history and the server logs (OWASP ASVS 5.0 14.2.1:
 * sensitive data is sent only in the body or headers, never in the URL). So each form carries
 * `method="post"`, which keeps its fields in the body, or an explicit `action`: a GET form is
 * allowed only where its fields are meant to be in the URL, and only when listed below.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

/**
 * GET forms whose fields belong in the address bar, by file: a search or a report filter a
 * person bookmarks or shares. None of them holds a secret.
 */
const GET_FORMS: Record<string, string> = {
  "components/layout/search-box.tsx": "the nonprofit search box: its query is the /search page's address",
  "app/(public)/(site)/search/_components/search-header.tsx": "the search page's own query box, same address as the search box",
  "app/(account)/donor/[id]/_components/donation-history.tsx": "a donor's statement download: a year and a format, the statement's address",
  "app/(account)/manage-pay/donors/page.tsx": "the Donors view's search and filters: a segment or search a nonprofit bookmarks, the view's address",
  "app/(account)/manage-pay/supporter-pages/page.tsx": "the Supporter pages view's fundraiser and status filters, the view's address",
  "app/(admin)/admin/page.tsx": "the console's search of claims by EIN (a public IRS number), the console's address",
};

/** The .tsx files under `dir`, relative to the repository, with forward slashes. */
function tsxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...tsxFiles(rel));
    else if (entry.name.endsWith(".tsx")) out.push(rel);
  }
  return out;
}

/**
 * The opening tags of the JSX <form> elements in `source`: from `<form` to the first `>` that
 * is outside braces and quotes, so handlers such as `onSubmit={(e) => …}` do not end it early.
 */
function formTags(source: string): { tag: string; at: number }[] {
  const tags: { tag: string; at: number }[] = [];
  const start = /<form(?=[\s>])/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let depth = 0;
    let quote: string | null = null;
    let i = m.index + 5;
    for (; i < source.length; i++) {
      const c = source[i]!;
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    tags.push({ tag: source.slice(m.index, i + 1), at: m.index });
  }
  return tags;
}

/** The value of a JSX attribute written as a string literal (`name="…"`), or "{…}" for an expression, or null when absent. */
function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|(\\{))`).exec(tag);
  if (!m) return null;
  return m[1] ?? m[2] ?? "{…}";
}

describe("forms sent by their script", () => {
  const files = [...tsxFiles("app"), ...tsxFiles("components")];
  const forms = files.flatMap((file) => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    return formTags(source).map(({ tag, at }) => ({ where: `${file}:${source.slice(0, at).split("\n").length}`, file, tag }));
  });

  it("finds the forms it checks", () => {
    expect(forms.length).toBeGreaterThan(30);
  });

  it.each(forms.map((f) => [f.where, f.file, f.tag] as const))("%s carries method=\"post\" or is a listed GET form", (_where, file, tag) => {
    const method = attribute(tag, "method")?.toLowerCase() ?? null;
    const action = attribute(tag, "action");
    if (GET_FORMS[file]) {
      expect({ method, action: action !== null }).toEqual({ method: "get", action: true });
      return;
    }
    expect(method).toBe("post");
  });

  it("lists only GET forms that exist", () => {
    for (const file of Object.keys(GET_FORMS)) {
      const tags = formTags(fs.readFileSync(path.join(ROOT, file), "utf8"));
      expect(tags.some(({ tag }) => attribute(tag, "method") === "get")).toBe(true);
    }
  });
});

describe("formTags", () => {
  it("reads a tag to its end past arrow functions and quoted '>'", () => {
    const src = `<form onSubmit={(e) => void submit(e)} aria-label="a > b" method="post">\n<input /></form>`;
    expect(formTags(src).map((f) => f.tag)).toEqual([`<form onSubmit={(e) => void submit(e)} aria-label="a > b" method="post">`]);
  });
});
