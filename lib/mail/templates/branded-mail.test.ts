/**
 * Receipts and emails that look like the nonprofit's: delivered to a real
 * SMTP server from the real queue, each message has a text part and an HTML part with the
 * organization's name and logo, its formatted EIN and the deductibility sentence in plain
 * words; donor and fundraiser text is escaped in the HTML.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { makeGift } from "@/lib/testing/service-fixtures";
import { enqueueDonationMail } from "@/lib/services/donations/donation-mail";
import { fundraisers, donations, organizations } from "@/models";
import { eq } from "drizzle-orm";
import { receiptMail, type DonationMailFacts } from "./donation";
import { ticketConfirmationMail } from "./ticket";
import type { TicketMailFacts } from "@/lib/receipts/ticket-summary";

const BASE = "https://give.example.org";
const DONOR_NAME = `Ada <img src=x onerror="alert(1)"> Lovelace`;
const FUNDRAISER = `Winter <script>alert("pantry")</script> Drive`;
const DEDUCTIBLE = "Contributions to Randolph Area Food Shelf are tax-deductible as charitable contributions, to the extent the law allows.";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-branded-mail-"));
const received: { to: string; raw: string }[] = [];
let server: SMTPServer;
let h: DatabaseHandle;
let organizationId = "";
let fundraiserId = "";

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_URL: BASE, SMTP_URL: `smtp://127.0.0.1:${port}`, PLATFORM_DONATIONS_EMAIL: "donations@givebridge.example" });
  resetServerEnv();
  h = await createTestDatabase();
  await startMailWorker({ pollingIntervalSeconds: 1 });
  const [org] = await h.db
    .insert(organizations)
    .values({
      name: "Randolph Area Food Shelf",
      ein: "030324429",
      email: "gifts@randolph.example",
      state: "VT",
      irsDeductibility: "1",
      logoUrl: "/uploads/images/logo_ABCDEFGHIJKLMNO.jpg",
      claimed: true,
      sandboxConnectedAt: new Date(),
    })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  const [c] = await h.db.insert(fundraisers).values({ organizationId, name: FUNDRAISER, goalCents: 1_500_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
}, 120_000);

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setEnvForTests({ SMTP_URL: undefined, NEXTAUTH_URL: undefined, DATA_DIR: undefined, PLATFORM_DONATIONS_EMAIL: undefined });
  resetServerEnv();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function delivered(to: string): Promise<{ raw: string; mail: ParsedMail }> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const hit = received.find((m) => m.to === to);
    if (hit) return { raw: hit.raw, mail: await simpleParser(hit.raw) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

describe("a donation's emails, through the queue to an SMTP server", () => {
  let receipt: { raw: string; mail: ParsedMail };
  let notice: { raw: string; mail: ParsedMail };
  let donationId = "";

  beforeAll(async () => {
    donationId = await makeGift(h.db, organizationId, null, { amountCents: 5_000, fundraiserId, donorName: DONOR_NAME, donorEmail: "ada@example.org", shareName: true, shareEmail: false });
    const [d] = await h.db.select().from(donations).where(eq(donations.id, donationId));
    await h.db.transaction((tx) => enqueueDonationMail({ tx, donation: d! }));
    receipt = await delivered("ada@example.org");
    notice = await delivered("gifts@randolph.example");
  }, 60_000);

  test("each message has a text part and an HTML part (multipart/alternative)", async () => {
    for (const m of [receipt, notice, await delivered("donations@givebridge.example")]) {
      expect(m.raw).toMatch(/^Content-Type: multipart\/alternative/im);
      expect(m.mail.text?.length).toBeGreaterThan(50);
      expect(typeof m.mail.html).toBe("string");
    }
  });

  test("the receipt's HTML shows the formatted EIN, the plain deductibility sentence and both logos", () => {
    const html = receipt.mail.html as string;
    expect(html).toContain("03-0324429");
    expect(html).toContain(DEDUCTIBLE);
    expect(html).not.toMatch(/deductibility code/i);
    expect(html).toContain(`src="${BASE}/uploads/images/logo_ABCDEFGHIJKLMNO.jpg"`);
    expect(html).toContain(`src="${BASE}/icons/icon-192.png"`);
    expect(html).toContain(`href="${BASE}/api/receipts/${donationId}?token=`);
    expect(html).toContain(donationId);
    // The text part says the same.
    expect(receipt.mail.text).toContain("EIN: 03-0324429");
    expect(receipt.mail.text).toContain(DEDUCTIBLE);
    expect(receipt.mail.text).toContain(`Receipt number: ${donationId}`);
  });

  test("donor and fundraiser text is escaped in the HTML", () => {
    const html = receipt.mail.html as string;
    expect(html).not.toContain("<script>");
    expect(html).toContain("Winter &lt;script&gt;alert(&quot;pantry&quot;)&lt;/script&gt; Drive");
    const noticeHtml = notice.mail.html as string;
    expect(noticeHtml).toContain("Ada &lt;img src=x onerror=&quot;alert(1)&quot;&gt; Lovelace");
    expect(noticeHtml).not.toMatch(/<img src=x/);
    // The donor's email was not shared: neither part of the nonprofit's notice has it.
    expect(noticeHtml).not.toContain("ada@example.org");
    expect(notice.mail.text).not.toContain("ada@example.org");
    expect(notice.mail.text).toContain(DONOR_NAME);
  });
});

describe("deductibility in plain words", () => {
  const gift: DonationMailFacts = {
    donationId: "0b8e4a1c-2f3d-4e5f-8a9b-0c1d2e3f4a5b",
    createdAt: new Date("2026-03-01T12:00:00Z"),
    amountCents: 5_000,
    feeCents: 0,
    coverFees: false,
    status: "Completed",
    paymentType: "Card",
    recurring: false,
    organizationName: "Lake Champlain Chamber Music",
    organizationEin: "030107290",
    organizationEmail: null,
    organizationLogoUrl: null,
    irsDeductibility: "1",
    fundraiserName: null,
    donor: { name: "Ada", email: "ada@example.org", telephone: null, city: null, state: null, gender: null, ageRange: null },
    anonymous: false,
    share: { name: true, email: true, phone: false, location: false, gender: false, age: false },
    receiptUrl: `${BASE}/api/receipts/x?token=t&format=pdf`,
  };

  test.each([
    ["2", "Contributions to Lake Champlain Chamber Music are not tax-deductible as charitable contributions."],
    ["4", "Lake Champlain Chamber Music is a foreign organization: contributions to it are tax-deductible only as a U.S. tax treaty allows."],
    [null, "The IRS has no deductibility status on file for Lake Champlain Chamber Music; please ask your tax advisor whether your gift is deductible."],
  ])("code %s", (code, sentence) => {
    const mail = receiptMail({ ...gift, irsDeductibility: code })!;
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(escapeQuotes(sentence));
    expect(`${mail.text}${mail.html}`).not.toMatch(/deductibility code|\(code \d\)/i);
  });

  test("links keep their query strings, escaped once in the HTML", () => {
    expect(receiptMail(gift)!.html).toContain(`href="${BASE}/api/receipts/x?token=t&amp;format=pdf"`);
  });

  test("a ticket confirmation still says what was bought and what is deductible, in both parts", () => {
    const tickets: TicketMailFacts = {
      paymentId: "7c2d9e4f-1a3b-4c5d-9e8f-0a1b2c3d4e5f",
      paidAt: new Date("2026-03-01T12:00:00Z"),
      buyerEmail: "tia@example.org",
      organizationName: "Hillwinds",
      organizationEin: "030107290",
      organizationLogoUrl: "https://cdn.example.org/hillwinds.png",
      irsDeductibility: "1",
      eventName: "Harvest <b>Dinner</b>",
      eventStartsAt: new Date("2031-09-20T22:00:00Z"),
      eventTimeZone: "America/New_York",
      ticketTypeName: "Dinner",
      quantity: 2,
      amountCents: 20_000,
      goodsValueCents: 12_000,
      deductibleCents: 8_000,
      receiptUrl: `${BASE}/api/receipts/p?token=t`,
    };
    const mail = ticketConfirmationMail(tickets)!;
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain("Deductible amount");
      expect(part).toContain("$80.00");
      expect(part).toContain("03-0107290");
      expect(part).toContain("7c2d9e4f-1a3b-4c5d-9e8f-0a1b2c3d4e5f");
    }
    expect(mail.text).toContain("Purchased: 2 x Dinner tickets for Harvest <b>Dinner</b>");
    expect(mail.html).toContain("2 x Dinner tickets for Harvest &lt;b&gt;Dinner&lt;/b&gt;");
    expect(mail.html).toContain('src="https://cdn.example.org/hillwinds.png"');
    expect(mail.html).not.toContain("No goods or services were provided");
  });
});

/** The sentence as it appears in HTML text (escape-html also escapes quotes). */
function escapeQuotes(s: string): string {
  return s.replace(/'/g, "&#39;").replace(/"/g, "&quot;");
}
