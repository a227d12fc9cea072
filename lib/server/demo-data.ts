/**
 * Demo data for a fresh machine: the real Vermont nonprofit directory (data/eo_vt.csv.gz,
 * the IRS EO BMF extract for VT, 6,208 organizations) and a small, clearly labelled demo
 * seed on top of it: five fundraisers on real Vermont organizations (claimed and connected to
 * payouts through the sandbox connection, so they can receive gifts), each with a story and
 * an illustrated cover (public/images/demo, served as static files), 30 sandbox donations,
 * three events and two What's New notices. Every seeded text starts with "Demo".
 *
 * Loaded only into an empty database (no organizations), in one transaction, so a partial
 * load never stays behind and a second call (or a second process) does nothing.
 */
import path from "node:path";
import { count, inArray, sql } from "drizzle-orm";
import { importIrsFiles } from "./import-irs";
import { randomUUID } from "node:crypto";
import { fundraisers, donations, events, organizationClaims, organizations, payments, updateNotices } from "@/models";
import type { Database, Executor } from "@/lib/db/client";
import { DEMO_FUNDRAISERS } from "./demo-fundraisers";

type Cents = number;

/** The committed demo directory file (path from the project root). */
export const DEMO_DIRECTORY_FILE = path.join(process.cwd(), "data", "eo_vt.csv.gz");

/** What loadDemoDataIfEmpty did: counts of rows it created (all 0 when not loaded). */
export type DemoDataResult = { loaded: boolean; organizations: number; campaigns: number; donations: number };

/** Serializes two processes starting on one empty PostgreSQL database (no-op on PGlite). */
const DEMO_LOCK_KEY = 7_231_950_115;
const DAY_MS = 86_400_000;


type DemoDonor = {
  name: string;
  city: string;
  gender: "female" | "male" | "nonbinary" | null;
  ageRange: number | null;
  anonymous?: boolean;
  share: "all" | "name" | "none" | "name-location";
};

const DONORS: DemoDonor[] = [
  { name: "Ann Lee", city: "Burlington", gender: "female", ageRange: 3, share: "all" },
  { name: "Marcus Hill", city: "Montpelier", gender: "male", ageRange: 4, share: "name" },
  { name: "Priya Shah", city: "Stowe", gender: "female", ageRange: 2, share: "name-location" },
  { name: "Tom Bouchard", city: "Barre", gender: "male", ageRange: 5, share: "none" },
  { name: "Jess Moreau", city: "Middlebury", gender: "nonbinary", ageRange: 2, share: "all" },
  { name: "Dana Whitcomb", city: "Randolph", gender: null, ageRange: null, anonymous: true, share: "none" },
];

/** 30 demo gifts: [campaign index, amount in cents, status]. Deterministic on purpose. */
const GIFTS: [number, Cents, "succeeded" | "failed" | "requires_action"][] = [
  [0, 2_500, "succeeded"],
  [0, 5_000, "succeeded"],
  [0, 10_000, "succeeded"],
  [0, 2_000, "succeeded"],
  [0, 25_000, "succeeded"],
  [0, 7_500, "failed"],
  [1, 50_000, "succeeded"],
  [1, 10_000, "succeeded"],
  [1, 100_000, "succeeded"],
  [1, 25_000, "succeeded"],
  [1, 5_000, "requires_action"],
  [1, 15_000, "succeeded"],
  [2, 3_600, "succeeded"],
  [2, 5_000, "succeeded"],
  [2, 2_500, "succeeded"],
  [2, 10_000, "succeeded"],
  [2, 1_800, "succeeded"],
  [2, 4_000, "failed"],
  [3, 100_000, "succeeded"],
  [3, 50_000, "succeeded"],
  [3, 25_000, "succeeded"],
  [3, 250_000, "succeeded"],
  [3, 10_000, "succeeded"],
  [3, 7_500, "succeeded"],
  [4, 2_500, "succeeded"],
  [4, 5_000, "succeeded"],
  [4, 1_000, "succeeded"],
  [4, 7_500, "succeeded"],
  [4, 3_000, "succeeded"],
  [4, 2_000, "succeeded"],
];

const FAILURE_REASONS = ["Your card was declined.", "Your card has insufficient funds."];

/** Sandbox card fee: 2.9% + 30 cents, in cents. */
function sandboxFee(amount: Cents): Cents {
  return Math.round(amount * 0.029) + 30;
}

/** YYYY-MM-DD (UTC) of a day offset from `now`. */
function isoDay(now: Date, offsetDays: number): string {
  return new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** A UTC instant `offsetDays` from today at `hourUtc`:00. */
function dayAt(now: Date, offsetDays: number, hourUtc: number): Date {
  const d = new Date(now.getTime() + offsetDays * DAY_MS);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

/** Insert the demo seed (organizations must already hold the VT directory). */
async function seedDemo(tx: Executor, now: Date): Promise<{ campaigns: number; donations: number }> {
  const eins = DEMO_FUNDRAISERS.map((c) => c.ein);
  const orgs = await tx
    .select({ id: organizations.id, ein: organizations.ein, city: organizations.city, state: organizations.state, zipcode: organizations.zipcode, addressLine1: organizations.addressLine1 })
    .from(organizations)
    .where(inArray(organizations.ein, eins));
  const orgByEin = new Map(orgs.map((o) => [o.ein, o]));
  const missing = eins.filter((ein) => !orgByEin.has(ein));
  if (missing.length > 0) throw new Error(`Demo data: organization(s) ${missing.join(", ")} not found in ${DEMO_DIRECTORY_FILE}`);
  // Organizations that run fundraisers can receive gifts: claimed and connected through the
  // sandbox connection (payments run on the sandbox provider until keys are set).
  // They are seeded as verified claims (models/claims.ts): the demo shows organizations that proved who they are.
  await tx.update(organizations).set({ claimed: true, claimedAt: now, claimPendingSince: null, claimDraft: null, sandboxConnectedAt: now }).where(inArray(organizations.ein, eins));
  await tx.insert(organizationClaims).values(orgs.map((o) => ({ organizationId: o.id, userId: null, status: "verified" as const, method: "admin" as const, verifiedAt: now, createdAt: now })));

  const progress = DEMO_FUNDRAISERS.map((_, i) =>
    GIFTS.filter(([c, , status]) => c === i && status === "succeeded").reduce((sum, [, amount]) => sum + amount, 0),
  );
  const insertedFundraisers = await tx
    .insert(fundraisers)
    .values(
      DEMO_FUNDRAISERS.map((c, i) => ({
        organizationId: orgByEin.get(c.ein)!.id,
        name: c.name,
        description: c.description,
        imageUrl: c.imageUrl,
        topic: c.topic,
        goalCents: c.goalCents,
        progressCents: progress[i]!,
        startDate: isoDay(now, c.startOffsetDays),
        endDate: isoDay(now, c.endOffsetDays),
        status: "active" as const,
        // The food shelf's drive welcomes supporters' own pages and teams (peer-to-peer).
        ...(i === 0 ? { supporterPagesEnabled: true, supporterSuggestedGoalCents: 25_000, supporterStory: "Neighbors feed neighbors. Every gift on my page stocks the Randolph Area Food Shelf for the winter." } : {}),
        createdAt: dayAt(now, c.startOffsetDays, 14),
      })),
    )
    .returning({ id: fundraisers.id, organizationId: fundraisers.organizationId });

  let failures = 0;
  // Each demo gift with its sandbox payment (same id), as a checkout records them.
  const gifts = GIFTS.map(([c, amount, status], i) => {
      const n = i + 1;
      const donor = DONORS[i % DONORS.length]!;
      const fundraiser = insertedFundraisers[c]!;
      // Spread over the campaign's days so far, most recent last.
      const createdAt = new Date(now.getTime() - (GIFTS.length - i) * 0.8 * DAY_MS);
      const succeeded = status === "succeeded";
      const coverFees = n % 3 === 0;
      const shareAll = donor.share === "all";
      return {
        organizationId: fundraiser.organizationId,
        fundraiserId: fundraiser.id,
        amountCents: amount,
        feeCents: succeeded ? sandboxFee(amount) : 0,
        coverFees,
        status,
        failureReason: status === "failed" ? FAILURE_REASONS[failures++ % FAILURE_REASONS.length]! : null,
        paymentMethodType: n % 7 === 0 ? ("us_bank_account" as const) : ("card" as const),
        donorName: donor.name,
        donorEmail: `demo.donor${n}@example.org`,
        donorCity: donor.city,
        donorState: "VT",
        donorGender: donor.gender,
        donorAgeRange: donor.ageRange,
        anonymous: donor.anonymous ?? false,
        shareName: shareAll || donor.share === "name" || donor.share === "name-location",
        shareEmail: shareAll,
        shareTelephone: false,
        shareLocation: shareAll || donor.share === "name-location",
        shareGender: shareAll && donor.gender !== null,
        shareAge: shareAll && donor.ageRange !== null,
        succeededAt: succeeded ? new Date(createdAt.getTime() + 5_000) : null,
        demo: true,
        metadata: { source: "demo-seed" },
        createdAt,
        updatedAt: createdAt,
      };
    });
  const ids = gifts.map(() => randomUUID());
  await tx.insert(payments).values(
    gifts.map((g, i) => ({
      id: ids[i]!,
      organizationId: g.organizationId,
      provider: "sandbox" as const,
      providerPaymentId: `demo_pi_${i + 1}`,
      paymentMethodType: g.paymentMethodType,
      amountCents: g.amountCents,
      feeCents: g.feeCents,
      status: g.status,
      failureReason: g.failureReason,
      idempotencyKey: `demo-${i + 1}`,
      succeededAt: g.succeededAt,
      effectsAppliedAt: g.succeededAt,
      createdAt: g.createdAt,
      updatedAt: g.updatedAt,
    })),
  );
  await tx.insert(donations).values(gifts.map((g, i) => ({ ...g, id: ids[i]!, paymentId: ids[i]! })));

  const foodShelf = orgByEin.get("030324429")!;
  const humane = orgByEin.get("030193150")!;
  const landTrust = orgByEin.get("030264836")!;
  // Vermont is UTC-5 in November: 15:00 UTC is 10 a.m. local.
  await tx.insert(events).values([
    {
      organizationId: humane.id,
      name: "Adoption Day at the Shelter",
      description: "Demo event: meet adoptable cats and dogs, talk with volunteers, and tour the shelter.",
      topic: "Animals",
      startsAt: dayAt(now, 9, 15),
      endsAt: dayAt(now, 9, 20),
      venue: "Humane Society of Chittenden County",
      addressLine1: "142 Kindness Ct",
      city: "South Burlington",
      state: "VT",
      zipcode: "05403",
    },
    {
      organizationId: foodShelf.id,
      name: "Community Food Drive",
      description: "Demo event: bring canned goods, pasta and winter staples; volunteers sort donations on site.",
      topic: "Hunger",
      startsAt: dayAt(now, 5, 14),
      endsAt: dayAt(now, 5, 19),
      venue: "Randolph Area Food Shelf",
      addressLine1: foodShelf.addressLine1,
      city: "Randolph",
      state: foodShelf.state,
      zipcode: foodShelf.zipcode,
    },
    {
      organizationId: landTrust.id,
      name: "Guided Farm Walk",
      description: "Demo event: a two-hour walk across a conserved farm with the farmers and a land trust steward.",
      topic: "Environment",
      startsAt: dayAt(now, 20, 15),
      endsAt: dayAt(now, 20, 17),
      venue: "Vermont Land Trust",
      addressLine1: landTrust.addressLine1,
      city: "Montpelier",
      state: landTrust.state,
      zipcode: landTrust.zipcode,
    },
  ]);

  await tx.insert(updateNotices).values([
    {
      title: "Demo: welcome to Givebridge",
      description:
        "Demo notice: this site runs with demo data. The directory holds the real IRS list of Vermont nonprofits; " +
        "the fundraisers, donations and events are made up, and payments use the sandbox provider.",
      createdAt: dayAt(now, -2, 15),
    },
    {
      title: "Demo: search nonprofits near you",
      description: "Demo notice: find Vermont organizations by name, category or ZIP code and give in a few clicks.",
      createdAt: dayAt(now, -1, 15),
    },
  ]);

  return { campaigns: insertedFundraisers.length, donations: GIFTS.length };
}

/**
 * Load the Vermont directory and the demo seed when the database has no organizations.
 * Runs in one transaction: nothing stays behind on an error; concurrent callers on one
 * PostgreSQL database are serialized and the later one finds the data and does nothing.
 * @param options.file the directory extract to import (default data/eo_vt.csv.gz).
 * @param options.now the instant the demo dates are relative to (default: now).
 * @returns loaded=false and zero counts when the database already had organizations;
 *   otherwise the numbers of organizations, fundraisers and donations created.
 * @throws when the file is missing or lacks a demo organization; database errors.
 */
export async function loadDemoDataIfEmpty(
  db: Database,
  options: { file?: string; now?: Date } = {},
): Promise<DemoDataResult> {
  const notLoaded: DemoDataResult = { loaded: false, organizations: 0, campaigns: 0, donations: 0 };
  const hasOrganizations = async (ex: Executor) =>
    (await ex.select({ n: count() }).from(sql`(select 1 from ${organizations} limit 1) as any_org`))[0]!.n > 0;
  if (await hasOrganizations(db)) return notLoaded;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    if (await hasOrganizations(tx)) return notLoaded;
    const imported = await importIrsFiles(tx, [options.file ?? DEMO_DIRECTORY_FILE]);
    const seeded = await seedDemo(tx, options.now ?? new Date());
    return { loaded: true, organizations: imported.inserted, ...seeded };
  });
}
