/*
 * The layers of the code, bottom to top (README, "How the code is laid out"); a module imports
 * only from its own layer or those below. `LAYERS` below writes the same order as data:
 *  0. models/: the Drizzle tables (they import nothing of the application)
 *  1. env.ts, errors.ts, money.ts, logger.ts, metrics/, config/, time/zoned-time.ts: settings, error codes, cents, logs, metrics, links,
 *     platform name, the signing secret, calendar days and times in a given time zone
 *  2. validations/: zod schemas and every message shown to users
 *  3. directory/, donations/: vocabulary: IRS rows, NTEE, ZIP codes, display names, donation labels
 *  4. time/: an organization's time zone (from its ZIP) and times shown in it
 *  5. images/, storage/, client/, embed/, api/: image checks, file storage, browser helpers, embed paths, the spec's calls
 *  6. db/: the database handle, migrations runner, prepared statements, raw-SQL helpers;
 *     domain-events/: publish and subscribe in a transaction (services publish, others subscribe)
 *  7. receipts/: receipt text, ticket summary and PDFs
 *  8. search/: directory and fundraiser search
 *  9. cache/: which pages are cached and their refresh
 * 10. mail/, health/: the mail queue and templates; readiness checks
 * 11. payments/: the payment providers
 * 12. integrations/: the shapes data has outside Givebridge (donation, public API resources)
 * 13. auth/: sessions, access rules, passwords
 * 14. webhooks/: outgoing webhook signing, SSRF guard, POST
 * 15. services/: the use-cases
 * 16. http/: route(), the request layer, next-auth's options and the session of a request
 * 17. public-api/: the REST API (/api/v1)
 * 18. server/: what a running process starts: start-up, demo data, the IRS import
 * 19. components/: shared UI
 * 20. app/: routes only (pages, layouts, route handlers)
 */
/**
 * The folders of the code are layers: imports between them point one way, so a folder can be
 * read, tested and changed without the ones above it (docs/engineering.md, "As the codebase
 * grows": "Imports between folders of lib/ point one way; a cycle means a shared piece belongs
 * lower down"; README, "How the code is laid out"). This check reads the imports of every
 * module of models/, lib/, components/ and app/ (static, re-exports and dynamic `import()`, as TypeScript's own
 * pre-processor finds them) and fails:
 * - on an import that points up the layers of `LAYERS` (nothing under lib/ imports components/
 *   or app/; components/ never imports app/), and on a folder of lib/ that has no layer;
 * - on a cycle between the top-level folders of lib/ (lib/services counted as one folder; a
 *   file directly in lib/, such as lib/env.ts, is its own node), and
 * - on a cycle between the folders of lib/services.
 * Test code is left out: `*.test.ts`, lib/testing/ and the `testing.ts` helper modules, which
 * production code never imports.
 *
 * `KNOWN_BACK_EDGES` lists the imports that still close a cycle, each with one file that makes
 * it. The check fails when a new one appears AND when a listed one is gone (so the list only
 * shrinks): remove the line once the import is gone.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const LIB = path.join(__dirname);
const ROOT = path.join(__dirname, "..");

/**
 * The layers, bottom to top, as README "How the code is laid out" orders them: a module may
 * import its own layer and those below. An entry is a folder (or a file directly in lib/) relative
 * to the repository root; a module belongs to the longest entry its path starts with.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["models"],
  ["lib/env.ts", "lib/errors.ts", "lib/money.ts", "lib/logger.ts", "lib/metrics", "lib/config", "lib/time/zoned-time.ts"],
  ["lib/validations"],
  ["lib/directory", "lib/donations"],
  ["lib/time"],
  ["lib/images", "lib/storage", "lib/client", "lib/embed", "lib/api"],
  ["lib/db", "lib/domain-events"],
  ["lib/receipts"],
  ["lib/search"],
  ["lib/cache"],
  ["lib/mail", "lib/health"],
  ["lib/payments"],
  ["lib/integrations"],
  ["lib/auth"],
  ["lib/webhooks"],
  ["lib/services"],
  ["lib/http"],
  ["lib/public-api"],
  ["lib/server"],
  ["components"],
  ["app"],
];

/** The folders whose modules are checked against `LAYERS`. */
const LAYERED_ROOTS = ["models", "lib", "components", "app"];

/** "from -> to" edges allowed for now; each still closes a cycle and is to be removed. */
const KNOWN_BACK_EDGES: string[] = [
];

type Graph = Map<string, Map<string, string>>;

function isTestCode(rel: string): boolean {
  return rel.endsWith(".test.ts") || rel.endsWith(".test.tsx") || rel.startsWith("testing/") || path.basename(rel) === "testing.ts";
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The lib-relative path an import specifier of `fromFile` names, or null when outside lib/. */
function resolveLib(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/lib/")) target = path.join(LIB, specifier.slice("@/lib/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const rel = path.relative(LIB, target);
  return rel.startsWith("..") ? null : rel.split(path.sep).join("/");
}

/** The node of a lib-relative path: its top-level folder, or the file itself when directly in lib/. */
function topNode(rel: string): string {
  const [first, ...rest] = rel.split("/");
  return rest.length ? first! : first!.replace(/\.(ts|tsx)$/, "");
}

/** The lib/services folder of a path, or null. */
function servicesNode(rel: string): string | null {
  const parts = rel.split("/");
  return parts[0] === "services" && parts.length > 2 ? parts[1]! : null;
}

function buildGraphs(): { top: Graph; services: Graph } {
  const top: Graph = new Map();
  const services: Graph = new Map();
  const add = (g: Graph, a: string, b: string, file: string) => {
    if (a === b) return;
    if (!g.has(a)) g.set(a, new Map());
    if (!g.get(a)!.has(b)) g.get(a)!.set(b, file);
  };
  for (const file of sourceFiles(LIB)) {
    const rel = path.relative(LIB, file).split(path.sep).join("/");
    if (isTestCode(rel)) continue;
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    for (const imported of info.importedFiles) {
      const target = resolveLib(file, imported.fileName);
      if (!target || isTestCode(target)) continue;
      add(top, topNode(rel), topNode(target), `lib/${rel}`);
      const a = servicesNode(rel);
      const b = servicesNode(target);
      if (a && b) add(services, a, b, `lib/${rel}`);
    }
  }
  return { top, services };
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(g: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** The graph without the known back edges (named "a -> b", or "services/a -> services/b"). */
function withoutKnown(g: Graph, prefix: string): Graph {
  const out: Graph = new Map();
  for (const [a, targets] of g) {
    for (const [b, file] of targets) {
      if (KNOWN_BACK_EDGES.includes(`${prefix}${a} -> ${prefix}${b}`)) continue;
      if (!out.has(a)) out.set(a, new Map());
      out.get(a)!.set(b, file);
    }
  }
  return out;
}

/** Each edge inside a cycle, with the file that makes it, for the failure message. */
function cycleEdges(g: Graph, components: string[][], prefix: string): string[] {
  return components.flatMap((c) =>
    c.flatMap((a) => [...(g.get(a) ?? new Map<string, string>()).entries()].filter(([b]) => c.includes(b)).map(([b, file]) => `${prefix}${a} -> ${prefix}${b} (${file})`)),
  );
}


/** The index in `LAYERS` of a root-relative path, or null when no entry holds it. */
function layerOf(rel: string, layers: readonly (readonly string[])[] = LAYERS): number | null {
  let best: { index: number; length: number } | null = null;
  layers.forEach((entries, index) => {
    for (const entry of entries) {
      if ((rel === entry || rel.startsWith(`${entry}/`)) && (!best || entry.length > best.length)) best = { index, length: entry.length };
    }
  });
  return best ? (best as { index: number }).index : null;
}

/** The root-relative path an import specifier of `fromFile` names, or null for a package. */
function resolveRoot(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/")) target = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const rel = path.relative(ROOT, target);
  return rel.startsWith("..") ? null : rel.split(path.sep).join("/");
}

/** The file a root-relative import path names, with its extension (`lib/env` -> "lib/env.ts"), so file entries of `LAYERS` match. */
function withExtension(rel: string): string {
  if (/\.(ts|tsx)$/.test(rel)) return rel;
  for (const ext of [".ts", ".tsx"]) if (fs.existsSync(path.join(ROOT, `${rel}${ext}`))) return `${rel}${ext}`;
  return rel;
}

/** Every import of a layered module, as [importing file, imported path], both root-relative. */
function layeredImports(): [string, string][] {
  const out: [string, string][] = [];
  for (const root of LAYERED_ROOTS) {
    for (const file of sourceFiles(path.join(ROOT, root))) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (isTestCode(rel.replace(/^lib\//, "")) || rel.endsWith(".test.ts") || rel.endsWith(".test.tsx")) continue;
      const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
      for (const imported of info.importedFiles) {
        const target = resolveRoot(file, imported.fileName);
        if (target && !(target.startsWith("lib/") && isTestCode(target.slice(4)))) out.push([rel, withExtension(target)]);
      }
    }
  }
  return out;
}

/** Each import that points from a lower layer to a higher one: "from -> to (layer a -> layer b)". */
function upwardImports(imports: [string, string][], layers: readonly (readonly string[])[] = LAYERS): string[] {
  const found: string[] = [];
  for (const [from, to] of imports) {
    const a = layerOf(from, layers);
    const b = layerOf(to, layers);
    if (a !== null && b !== null && b > a) found.push(`${from} -> ${to} (layer ${a} imports layer ${b})`);
  }
  return found;
}

describe("the layers of the code", () => {
  const imports = layeredImports();

  it("place every folder of lib/ in a layer", () => {
    const unplaced = fs
      .readdirSync(LIB, { withFileTypes: true })
      .map((e) => `lib/${e.name}`)
      .filter((rel) => !isTestCode(`${rel.slice(4)}/`) && !rel.endsWith(".test.ts") && !rel.endsWith(".d.ts") && layerOf(rel) === null);
    expect(unplaced).toEqual([]);
  });

  it("never import a higher layer", () => {
    expect(upwardImports(imports)).toEqual([]);
  });

  it("import nothing of components/ or app/ from lib/", () => {
    expect(imports.filter(([from, to]) => from.startsWith("lib/") && /^(components|app)\//.test(to)).map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
  });

  it("finds an upward import when there is one", () => {
    const layers = [["lib/db"], ["lib/services"], ["components"]];
    const found = upwardImports(
      [
        ["lib/services/a.ts", "lib/db/client.ts"],
        ["lib/db/client.ts", "lib/services/a.ts"],
        ["lib/services/a.ts", "components/x.tsx"],
        ["components/x.tsx", "lib/services/a.ts"],
      ],
      layers,
    );
    expect(found).toEqual(["lib/db/client.ts -> lib/services/a.ts (layer 0 imports layer 1)", "lib/services/a.ts -> components/x.tsx (layer 1 imports layer 2)"]);
  });
});

describe("imports between the folders of lib/", () => {
  const { top, services } = buildGraphs();

  it("form no cycle between the top-level folders of lib/", () => {
    const g = withoutKnown(top, "");
    expect(cycleEdges(g, cycles(g), "")).toEqual([]);
  });

  it("form no cycle between the folders of lib/services", () => {
    const g = withoutKnown(services, "services/");
    expect(cycleEdges(g, cycles(g), "services/")).toEqual([]);
  });

  it("list only back edges that still exist", () => {
    const exists = (edge: string) => {
      const [a, b] = edge.split(" -> ") as [string, string];
      if (a.startsWith("services/") && b.startsWith("services/")) return services.get(a.slice(9))?.has(b.slice(9)) ?? false;
      return top.get(a)?.has(b) ?? false;
    };
    expect(KNOWN_BACK_EDGES.filter((edge) => !exists(edge))).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const g: Graph = new Map([
      ["a", new Map([["b", "lib/a/x.ts"]])],
      ["b", new Map([["a", "lib/b/y.ts"]])],
      ["c", new Map([["a", "lib/c/z.ts"]])],
    ]);
    expect(cycles(g)).toEqual([["a", "b"]]);
  });
});
