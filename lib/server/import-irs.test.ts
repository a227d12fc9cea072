import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { asc, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { DUPLICATE_EIN_REASON, IrsFileError, importIrsFiles, type MalformedRow } from "./import-irs";
import { IRS_COLUMNS } from "@/lib/directory/irs-row";

const HEADER = IRS_COLUMNS.join(",");
const DEFAULTS: Record<string, string> = {
  ICO: "",
  STREET: "1 MAIN ST",
  CITY: "MONTPELIER",
  STATE: "VT",
  ZIP: "05602-2957",
  GROUP: "0000",
  SUBSECTION: "03",
  AFFILIATION: "3",
  CLASSIFICATION: "1000",
  RULING: "199208",
  DEDUCTIBILITY: "1",
  FOUNDATION: "15",
  ACTIVITY: "000000000",
  ORGANIZATION: "1",
  STATUS: "01",
  TAX_PERIOD: "201812",
  ASSET_CD: "4",
  INCOME_CD: "3",
  FILING_REQ_CD: "01",
  PF_FILING_REQ_CD: "0",
  ACCT_PD: "12",
  ASSET_AMT: "1000",
  INCOME_AMT: "2000",
  REVENUE_AMT: "2000",
  NTEE_CD: "",
  SORT_NAME: "",
};

/** One CSV line of an EO BMF file; fields with commas, quotes or newlines are quoted. */
function line(fields: Record<string, string> & { EIN: string; NAME: string }): string {
  const all: Record<string, string> = { ...DEFAULTS, ...fields };
  return IRS_COLUMNS.map((c) => {
    const v = all[c] ?? "";
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(",");
}

let dir: string;
let h: DatabaseHandle;

function writeCsv(name: string, lines: string[], gzip = false): string {
  const file = path.join(dir, name);
  const text = `${[HEADER, ...lines].join("\n")}\n`;
  fs.writeFileSync(file, gzip ? zlib.gzipSync(text) : text);
  return file;
}

const byEin = async (ein: string) => (await h.db.select().from(organizations).where(eq(organizations.ein, ein)))[0];
const stamps = async () =>
  (await h.db.select({ ein: organizations.ein, updatedAt: organizations.updatedAt }).from(organizations).orderBy(asc(organizations.ein))).map(
    (r) => `${r.ein}@${r.updatedAt.toISOString()}`,
  );

let plain: string;
let gz: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-irs-test-"));
  h = await createTestDatabase();
  plain = writeCsv("eo_t1.csv", [
    line({ EIN: "010471151", NAME: "REGULATORY ASSISTANCE PROJECT", ICO: "% FREDERICK W WESTON", NTEE_CD: "C40Z" }), // line 2
    line({ EIN: "12345", NAME: "SHORT EIN SOCIETY" }), // line 3: malformed
    line({ EIN: "030000001", NAME: "GREEN MOUNTAIN\nFRIENDS, INC", NTEE_CD: "Q30", ASSET_AMT: "-25", INCOME_AMT: "" }), // lines 4-5
    "030000002,TOO FEW COLUMNS,,1 MAIN ST", // line 6: malformed
    line({ EIN: "030000003", NAME: "BARRE FOOD SHELF", ZIP: "05641", NTEE_CD: "k31" }), // line 7
    line({ EIN: "030000004", NAME: "", ZIP: "05641" }), // line 8: malformed
  ]);
  gz = writeCsv(
    "eo_t2.csv.gz",
    [line({ EIN: "040000001", NAME: "DOWNEAST ARTS", STATE: "ME", ZIP: "04101", NTEE_CD: "A20" }), line({ EIN: "040000002", NAME: "NO NTEE CLUB", STATE: "ME", ZIP: "04101" })],
    true,
  );
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("importIrsFiles", () => {
  test("imports plain and gzip files; malformed rows are reported with file:line and skipped", async () => {
    const malformed: MalformedRow[] = [];
    const progress: number[] = [];
    // A batch of 2 exercises batch boundaries and writing one batch while parsing the next.
    const summary = await importIrsFiles(h.db, [plain, gz], {
      batchSize: 2,
      onMalformed: (m) => malformed.push(m),
      onProgress: (p) => progress.push(p.rows),
    });
    expect(summary).toMatchObject({ files: 2, read: 8, inserted: 5, updated: 0, unchanged: 0, skipped: 3 });
    expect(summary.skippedByReason).toEqual({ "EIN must be 9 digits": 1, "wrong number of columns": 1, "NAME is required": 1 });
    expect(malformed).toEqual([
      { file: plain, line: 3, reason: "EIN must be 9 digits" },
      { file: plain, line: 6, reason: "wrong number of columns" },
      { file: plain, line: 8, reason: "NAME is required" },
    ]);
    expect(progress.at(-1)).toBe(8);

    expect(await byEin("010471151")).toMatchObject({
      name: "REGULATORY ASSISTANCE PROJECT",
      careOfName: "FREDERICK W WESTON",
      zipcode: "05602",
      latitude: 44.2641,
      longitude: -72.577,
      nteeCode: "C40Z",
      nteeMajorGroup: "C",
      category: "Environment",
      international: false,
      irsSubsection: "03",
      irsAssetAmount: 1000,
      claimed: false,
      approvalStatus: "approved",
      live: true,
    });
    expect(await byEin("030000001")).toMatchObject({
      name: "GREEN MOUNTAIN\nFRIENDS, INC",
      international: true,
      category: "International, Foreign Affairs & National Security",
      irsAssetAmount: -25,
      irsIncomeAmount: null,
    });
    expect(await byEin("030000003")).toMatchObject({ nteeCode: "K31", category: "Food, Agriculture & Nutrition" });
    expect(await byEin("040000002")).toMatchObject({ state: "ME", nteeCode: null, nteeMajorGroup: null, category: null });
    expect(await byEin("030000002")).toBeUndefined();
  });

  test("importing the same files again writes nothing", async () => {
    const before = await stamps();
    const summary = await importIrsFiles(h.db, [plain, gz]);
    expect(summary).toMatchObject({ read: 8, inserted: 0, updated: 0, unchanged: 5, skipped: 3 });
    expect(await stamps()).toEqual(before);
  });

  test("a newer file with a changed NAME updates that row only", async () => {
    const before = await stamps();
    const newer = writeCsv("eo_t2_newer.csv", [
      line({ EIN: "040000001", NAME: "DOWNEAST ARTS ALLIANCE", STATE: "ME", ZIP: "04101", NTEE_CD: "A20" }),
      line({ EIN: "040000002", NAME: "NO NTEE CLUB", STATE: "ME", ZIP: "04101" }),
    ]);
    const summary = await importIrsFiles(h.db, [newer]);
    expect(summary).toMatchObject({ read: 2, inserted: 0, updated: 1, unchanged: 1, skipped: 0 });
    expect((await byEin("040000001"))!.name).toBe("DOWNEAST ARTS ALLIANCE");
    const after = await stamps();
    const changed = after.filter((s) => !before.includes(s));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^040000001@/);
  });

  test("a claimed organization keeps its name, address and coordinates; its IRS fields are refreshed", async () => {
    await h.db
      .update(organizations)
      .set({ claimed: true, claimedAt: new Date(), name: "Barre Community Food Shelf", addressLine1: "12 Depot Sq", latitude: 44.2, longitude: -72.5, telephone: "802-555-0100" })
      .where(eq(organizations.ein, "030000003"));
    const renamed = writeCsv("eo_t1_newer.csv", [
      line({ EIN: "030000003", NAME: "BARRE AREA FOOD SHELF INC", STREET: "PO BOX 1", ZIP: "05641", NTEE_CD: "K31", ASSET_AMT: "5000" }),
    ]);
    const summary = await importIrsFiles(h.db, [renamed]);
    expect(summary).toMatchObject({ inserted: 0, updated: 1 });
    expect(await byEin("030000003")).toMatchObject({
      claimed: true,
      name: "Barre Community Food Shelf",
      addressLine1: "12 Depot Sq",
      latitude: 44.2,
      longitude: -72.5,
      telephone: "802-555-0100",
      irsAssetAmount: 5000,
    });
  });

  test("the same EIN twice in one batch: the later row wins and the earlier is counted as skipped", async () => {
    const malformed: MalformedRow[] = [];
    const twice = writeCsv("eo_dup.csv", [
      line({ EIN: "050000001", NAME: "FIRST SPELLING" }),
      line({ EIN: "050000001", NAME: "SECOND SPELLING" }),
    ]);
    const summary = await importIrsFiles(h.db, [twice], { onMalformed: (m) => malformed.push(m) });
    expect(summary).toMatchObject({ read: 2, inserted: 1, updated: 0, skipped: 1 });
    expect(malformed).toEqual([{ file: twice, line: 2, reason: DUPLICATE_EIN_REASON }]);
    expect((await byEin("050000001"))!.name).toBe("SECOND SPELLING");
  });

  test("a missing file fails before anything is written; a file without the EO BMF header is refused", async () => {
    const before = await stamps();
    await expect(importIrsFiles(h.db, [gz, path.join(dir, "nope.csv")])).rejects.toMatchObject({ code: "ENOENT" });
    const notIrs = path.join(dir, "other.csv");
    fs.writeFileSync(notIrs, "id,name\n1,x\n");
    const err = await importIrsFiles(h.db, [notIrs]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IrsFileError);
    expect((err as Error).message).toBe(`${notIrs}: not an IRS EO BMF extract (missing columns EIN, ICO, STREET, CITY, STATE and 22 more)`);
    expect(await stamps()).toEqual(before);
  });
});

describe("importIrsFiles statistics", () => {
  test("gathers the planner's statistics of the search documents, which search reads for common words", async () => {
    const fresh = await createTestDatabase({ processWide: false });
    try {
      const stats = async () => {
        const r = await fresh.db.execute(
          sql`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'organizations' and attname = 'search_document'`,
        );
        return Number((rowsOf(r)[0] as { n: number }).n);
      };
      expect(await stats()).toBe(0);
      const summary = await importIrsFiles(fresh.db, [gz]);
      expect(summary.inserted).toBe(2);
      expect(await stats()).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
