/**
 * sendNonprofitOrganizationDonationEmail / sendGivebridgeOrganizationDonationEmail: a
 * succeeded donation's nonprofit notice (the organization's user or an admin) or the
 * platform's copy with fees (an admin only) is queued again, built from the stored gift.
 */
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, serverEnv, setEnvForTests } from "@/lib/env";
import { queuedMail } from "@/lib/testing/queued-mail";
import { makeDonor, makeGift, makeNonprofit, testAdmin, type ClaimedNonprofit, makeTicketPurchase } from "@/lib/testing/service-fixtures";
import { organizations } from "@/models";
import { resendDonationEmail } from "./resend-donation-email";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let otherNp: ClaimedNonprofit;
let donor: Actor;
const admin = testAdmin;
const NOTICE_TO = "gifts@hillwinds.example";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-resend-0123456789" });
  resetServerEnv();
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Hillwinds Arts");
  await h.db.update(organizations).set({ email: NOTICE_TO }).where(eq(organizations.id, np.organizationId));
  otherNp = await makeNonprofit(h.db, "Other Arts");
  donor = await makeDonor("dana.resend@example.org");
});

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
  resetServerEnv();
});

describe("resending a donation's emails", () => {
  test("the organization's user queues its notice again: the stored gift, donor details only as shared", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id, { amountCents: 4_200, shareName: true, shareEmail: false, donorName: "Dana Donor", donorEmail: "dana@example.org" });
    const before = (await queuedMail(h.db, NOTICE_TO)).length;
    expect(await resendDonationEmail({ actor: np.user, donationId: id, which: "nonprofit" })).toEqual({ queued: 1 });
    const notices = await queuedMail(h.db, NOTICE_TO);
    expect(notices).toHaveLength(before + 1);
    const notice = notices.at(-1)!;
    expect(notice.subject).toBe("New donation: $42.00 to Hillwinds Arts");
    expect(notice.text).toContain("Status: Completed");
    expect(notice.text).toContain("Payment type: Card");
    expect(notice.text).toContain("Fundraiser: Direct Donation");
    expect(notice.text).toContain("Dana Donor");
    expect(notice.text).not.toContain("dana@example.org");
  });

  test("an admin queues the platform's copy with fees (and may resend the notice); nothing goes to the donor", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id, { amountCents: 10_000, feeCents: 320, coverFees: true });
    const donorBefore = (await queuedMail(h.db, "dana@example.org")).length;
    expect(await resendDonationEmail({ actor: admin, donationId: id, which: "platform" })).toEqual({ queued: 1 });
    const copy = (await queuedMail(h.db, serverEnv().PLATFORM_DONATIONS_EMAIL)).at(-1)!;
    expect(copy.subject).toBe("Donation $100.00 to Hillwinds Arts");
    expect(copy.text).toContain("Fees: $3.20 (covered by the donor)");
    expect(copy.text).toContain(id);
    expect((await queuedMail(h.db, "dana@example.org")).length).toBe(donorBefore);
    expect(await resendDonationEmail({ actor: admin, donationId: id, which: "nonprofit" })).toEqual({ queued: 1 });
  });

  test("the platform's copy is the admin's alone; another organization, the donor and a nonprofit asking for the copy are refused", async () => {
    const id = await makeGift(h.db, np.organizationId, donor.id);
    const before = (await queuedMail(h.db)).length;
    await expect(resendDonationEmail({ actor: np.user, donationId: id, which: "platform" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(resendDonationEmail({ actor: otherNp.user, donationId: id, which: "nonprofit" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(resendDonationEmail({ actor: donor, donationId: id, which: "nonprofit" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(resendDonationEmail({ actor: donor, donationId: id, which: "platform" })).rejects.toMatchObject({ code: "forbidden" });
    expect((await queuedMail(h.db)).length).toBe(before);
  });

  test("only a succeeded donation (not a ticket sale) can be resent; an unknown one is not found", async () => {
    for (const status of ["pending", "failed", "refunded"] as const) {
      const id = await makeGift(h.db, np.organizationId, donor.id, { status });
      await expect(resendDonationEmail({ actor: admin, donationId: id, which: "platform" })).rejects.toMatchObject({ code: "not_found" });
    }
    const { paymentId: ticket } = await makeTicketPurchase(h.db, np.organizationId, donor.id);
    await expect(resendDonationEmail({ actor: admin, donationId: ticket, which: "nonprofit" })).rejects.toMatchObject({ code: "not_found" });
    await expect(resendDonationEmail({ actor: admin, donationId: "00000000-0000-4000-8000-000000000000", which: "platform" })).rejects.toMatchObject({ code: "not_found" });
  });

  test("an organization without an email on file gets no notice: nothing is queued", async () => {
    const id = await makeGift(h.db, otherNp.organizationId, donor.id);
    const before = (await queuedMail(h.db)).length;
    expect(await resendDonationEmail({ actor: otherNp.user, donationId: id, which: "nonprofit" })).toEqual({ queued: 0 });
    expect((await queuedMail(h.db)).length).toBe(before);
  });
});
