/**
 * A renamed organization keeps its IRS legal name and EIN where they matter: after its member
 * renames it (PUT /api/updateDashboard), the receipt (PDF and email), the donor's year-end
 * giving statement (PDF and CSV), the organization's own year-end statement email, January's
 * statement email to a guest and the public API's organization show the new display name with
 * the legal name and EIN beside it (lib/validations/legal-name.ts).
 */
import { eq } from "drizzle-orm";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { stopMailQueue } from "@/lib/mail/queue";
import { receiptMail } from "@/lib/mail/templates/donation";
import { getOrganizationByEin } from "@/lib/public-api/queries/get-organization-by-ein";
import { pdfLines } from "@/lib/receipts/testing";
import { donationMailFacts } from "@/lib/services/donations/donation-mail";
import { donationReceiptPdf } from "@/lib/services/donations/get-receipt";
import { buildGivingStatement, statementCsv, statementPdf } from "@/lib/services/donors/giving-statement";
import { sendYearEndStatements } from "@/lib/services/recurring/year-end-statements";
import { sendOrganizationYearEndStatements } from "@/lib/services/thank-you/year-end-statements";
import { registerNonprofitByEin } from "@/lib/services/users/register-user";
import { makeDonor, makeGift, verifyClaimForTest } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import { forOrganization } from "@/lib/validations/organization";
import { donations, organizations } from "@/models";
import { updateDashboard } from "./update-dashboard";

const LEGAL = "TOWN HALL THEATER INC";
const LEGAL_LINE = "Legal name: TOWN HALL THEATER INC, EIN 03-0358794";
const NEW_NAME = "Middlebury Stage";
// Gifts of last year: the January statement (UTC) covers them; the organization's statement is asked for that year.
const year = new Date().getUTCFullYear() - 1;
const giftDay = new Date(Date.UTC(year, 5, 15, 15));

let h: DatabaseHandle;
let member: Actor;
let donor: Actor;
let organizationId: string;
let donorGiftId: string;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "renamed-legal-name-secret-0123456789" });
  h = await createTestDatabase();
  const [org] = await h.db
    .insert(organizations)
    .values({ name: LEGAL, legalName: LEGAL, ein: "030358794", city: "MIDDLEBURY", state: "VT", zipcode: "05753", irsDeductibility: "1", sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  member = actorFromSession(await registerNonprofitByEin({ firstName: "Theo", lastName: "Hall", email: "theo@townhalltheater.org", password: "secret-pass-1", ein: "030358794" }));
  await verifyClaimForTest(organizationId);
  donor = await makeDonor("renamed.donor@example.org");
  donorGiftId = await makeGift(h.db, organizationId, donor.id, {
    amountCents: 5_000,
    createdAt: giftDay,
    succeededAt: giftDay,
    donorName: "Dana Donor",
    donorEmail: donor.email,
    shareEmail: true,
  });
  await makeGift(h.db, organizationId, null, { amountCents: 2_500, createdAt: giftDay, succeededAt: giftDay, donorName: "Gus Guest", donorEmail: "gus.guest@example.org" });
  // The member renames it, through the dashboard's service.
  await updateDashboard({ actor: member, input: forOrganization({ npID: organizationId, organizationName: NEW_NAME }) });
}, 120_000);

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

test("the rename went live", async () => {
  const [row] = await h.db.select({ name: organizations.name, legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, organizationId));
  expect(row).toEqual({ name: NEW_NAME, legalName: LEGAL });
});

test("the receipt, PDF and email, names the new display name with the legal name and EIN", async () => {
  const pdf = (await pdfLines((await donationReceiptPdf({ actor: null, donationId: donorGiftId, token: donationAccessToken(donorGiftId) })).pdf)).join(" ");
  expect(pdf).toContain(`${NEW_NAME} (legal name: ${LEGAL}), EIN 03-0358794`);
  const [row] = await h.db.select().from(donations).where(eq(donations.id, donorGiftId));
  const mail = receiptMail(await donationMailFacts({ tx: h.db, donation: row! }))!;
  expect(mail.text).toContain(`Organization: ${NEW_NAME} (legal name: ${LEGAL})`);
  expect(mail.text).toContain("EIN: 03-0358794");
});

test("the donor's year-end giving statement, PDF and CSV, keeps the legal name and EIN beside the new name", async () => {
  const statement = await buildGivingStatement({ actor: donor, donorId: donor.id, year });
  expect(statement.byOrganization).toEqual([expect.objectContaining({ organization: NEW_NAME, legalName: LEGAL, ein: "030358794", totalCents: 5_000 })]);
  const pdf = (await pdfLines(await statementPdf({ statement, logos: { platform: null } }))).join(" ");
  expect(pdf).toContain(`${NEW_NAME} · ${LEGAL_LINE}`);
  const csv = statementCsv(statement);
  expect(csv).toContain(`${NEW_NAME},${LEGAL},03-0358794,`);
});

test("the organization's own year-end statement email names the legal name and EIN", async () => {
  const run = await sendOrganizationYearEndStatements({ actor: member, organizationId, input: { year } });
  expect(run.queuedNow).toBe(1);
  const [mail] = (await queuedMail(h.db, donor.email)).filter((m) => m.subject.includes(`${year} giving statement`));
  expect(mail!.subject).toContain(NEW_NAME);
  expect(mail!.text).toContain(`${NEW_NAME} · ${LEGAL_LINE}`);
});

test("January's statement email to a guest lists each receipt with the legal name and EIN", async () => {
  await sendYearEndStatements({ now: new Date(Date.UTC(year + 1, 0, 10)) });
  const [mail] = (await queuedMail(h.db, "gus.guest@example.org")).filter((m) => m.subject.includes("giving statement"));
  expect(mail!.text).toContain(`$25.00 to ${NEW_NAME} (${LEGAL_LINE})`);
});

test("the public API's organization carries the display name, the legal name and the EIN", async () => {
  expect(await getOrganizationByEin({ ein: "030358794" })).toMatchObject({ name: NEW_NAME, legal_name: LEGAL, ein: "030358794", ein_formatted: "03-0358794", verified: true });
});
