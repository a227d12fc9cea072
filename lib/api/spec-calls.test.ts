import fs from "node:fs";
import path from "node:path";
import { routeFileOf, specCalls, type SpecCall } from "./spec-calls";

/** Issues whose calls must all have handlers. Add an issue here when it lands. */
const finishedIssues = new Set<SpecCall["issue"]>([2]);

const root = path.resolve(__dirname, "../..");

/** Route files that are not in the spec's list, each with its reason. */
const extraRoutes = [
  "app/api/auth/[...nextauth]/route.ts", // next-auth's own endpoints
];

function hasHandler(call: SpecCall): boolean {
  const file = path.join(root, routeFileOf(call.path));
  if (!fs.existsSync(file)) return false;
  const source = fs.readFileSync(file, "utf8");
  return new RegExp(`export (const|async function|function) ${call.method}\\b|export \\{[^}]*\\b${call.method}\\b`).test(source);
}

describe("the spec's API call list", () => {
  const missing = specCalls.filter((call) => !hasHandler(call));

  test("reports the calls without a handler yet", () => {
    const byIssue = new Map<number, string[]>();
    for (const m of missing) byIssue.set(m.issue, [...(byIssue.get(m.issue) ?? []), `${m.method} /api/${m.path}`]);
    const lines = [...byIssue.entries()].map(([issue, calls]) => `issue ${issue}: ${calls.length} missing\n  ${calls.join("\n  ")}`);
    console.info(`${specCalls.length - missing.length}/${specCalls.length} spec calls have handlers.\n${lines.join("\n")}`);
    // The report must agree with the files: a call counted as present really has its file.
    for (const call of specCalls.filter((s) => !missing.includes(s))) {
      expect(fs.existsSync(path.join(root, routeFileOf(call.path)))).toBe(true);
    }
  });

  test("every route file under app/api is a spec call or a listed extra", () => {
    const extras = new Set(extraRoutes);
    const known = new Set(specCalls.map((c) => routeFileOf(c.path)));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === "route.ts") files.push(path.relative(root, full).split(path.sep).join("/"));
      }
    };
    walk(path.join(root, "app/api"));
    expect(files.filter((f) => !known.has(f) && !extras.has(f))).toEqual([]);
  });

  test("every call of a finished issue has a handler for its method", () => {
    const unfinished = missing.filter((m) => finishedIssues.has(m.issue)).map((m) => `${m.method} ${m.path}`);
    expect(unfinished).toEqual([]);
  });

  test("the table has no duplicates", () => {
    const keys = specCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
