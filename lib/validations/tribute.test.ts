/**
 * The checkout's dedication (tributeSchema, lib/validations/donation.ts): the honoree is
 * required once a tribute is chosen; a card needs a recipient and a send day from the donor's
 * own today (in the donor's zone, not UTC's) to one year ahead; each failure has its message.
 */
import { checkoutFormSchema, sameDayNextYear, todayInTimeZone, tributeFormSchema, tributeSchema } from "./donation";
import { zodFieldErrors } from "./field-errors";
import { messages } from "./messages";

const errorsOf = (value: unknown) => {
  const r = tributeSchema.safeParse(value);
  return r.success ? {} : zodFieldErrors(r.error);
};
const dayAfter = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const card = (zone: string, over: Record<string, unknown> = {}) => ({
  type: "honor",
  name: "Coach Lee",
  sendCard: true,
  recipientName: "Pat Lee",
  recipientEmail: "pat@example.org",
  message: "",
  sendOn: todayInTimeZone(zone),
  timeZone: zone,
  showAmount: false,
  ...over,
});

describe("tributeSchema", () => {
  test("no tribute by default; without one the other fields are not checked", () => {
    expect(tributeSchema.parse({})).toMatchObject({ type: "", sendCard: false, showAmount: false });
    expect(errorsOf({ type: "", sendCard: true, recipientEmail: "nope", sendOn: "1999-01-01" })).toEqual({});
  });

  test("a chosen tribute needs the honoree's name, at most 100 characters", () => {
    expect(errorsOf({ type: "memory", name: "   " })).toEqual({ name: messages.tribute.nameRequired });
    expect(errorsOf({ type: "memory", name: "x".repeat(101) })).toEqual({ name: messages.tribute.nameTooLong });
    expect(errorsOf({ type: "memory", name: "x".repeat(100) })).toEqual({});
    expect(errorsOf({ type: "in-lieu", name: "X" })).toEqual({ type: messages.tribute.typeInvalid });
  });

  test("a card needs its recipient's name and a valid email; the message is at most 500 characters", () => {
    const zone = "America/Chicago";
    expect(errorsOf(card(zone, { recipientName: "", recipientEmail: "" }))).toEqual({
      recipientName: messages.tribute.recipientNameRequired,
      recipientEmail: messages.tribute.recipientEmailRequired,
    });
    expect(errorsOf(card(zone, { recipientEmail: "pat@" }))).toEqual({ recipientEmail: messages.tribute.recipientEmailInvalid });
    expect(errorsOf(card(zone, { message: "m".repeat(501) }))).toEqual({ message: messages.tribute.messageTooLong });
    expect(errorsOf(card(zone, { message: "m".repeat(500) }))).toEqual({});
  });

  test("the send day runs from the donor's today to the same day a year ahead, in the donor's zone", () => {
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York", "UTC"]) {
      const today = todayInTimeZone(zone);
      expect(errorsOf(card(zone, { sendOn: today }))).toEqual({});
      expect(errorsOf(card(zone, { sendOn: dayAfter(today, -1) }))).toEqual({ sendOn: messages.tribute.sendOnPast });
      expect(errorsOf(card(zone, { sendOn: sameDayNextYear(today) }))).toEqual({});
      expect(errorsOf(card(zone, { sendOn: dayAfter(sameDayNextYear(today), 1) }))).toEqual({ sendOn: messages.tribute.sendOnTooFar });
    }
    // UTC+14 and UTC-11 are never on the same calendar day: each one's today is the other's past or future.
    const east = todayInTimeZone("Pacific/Kiritimati");
    expect(errorsOf(card("Pacific/Pago_Pago", { sendOn: east }))).toEqual({});
    expect(errorsOf(card("Pacific/Kiritimati", { sendOn: todayInTimeZone("Pacific/Pago_Pago") }))).toEqual({ sendOn: messages.tribute.sendOnPast });
  });

  test("a missing or impossible day, and an unknown zone, are refused with their messages", () => {
    const zone = "Europe/Paris";
    expect(errorsOf(card(zone, { sendOn: "" }))).toEqual({ sendOn: messages.tribute.sendOnRequired });
    expect(errorsOf(card(zone, { sendOn: "2027-02-30" }))).toEqual({ sendOn: messages.tribute.sendOnRequired });
    expect(errorsOf(card(zone, { timeZone: "Mars/Olympus" }))).toEqual({ sendOn: messages.tribute.timeZoneInvalid });
    expect(errorsOf(card(zone, { timeZone: "" }))).toEqual({ sendOn: messages.tribute.timeZoneInvalid });
  });

  test("sameDayNextYear: February 29 becomes March 1", () => {
    expect(sameDayNextYear("2028-02-29")).toBe("2029-03-01");
    expect(sameDayNextYear("2026-11-27")).toBe("2027-11-27");
  });

  test("the checkout form applies the same rules, under tribute.*", () => {
    expect(tributeFormSchema.safeParse(card("UTC", { name: "" })).success).toBe(false);
    const form = checkoutFormSchema({ guest: false, sandbox: false }).safeParse({
      frequency: "once",
      coverFees: false,
      name: "",
      email: "",
      anonymous: false,
      share: { name: false, email: false, location: false, phone: false, gender: false, age: false },
      method: "card",
      card: { number: "", expiry: "", cvc: "" },
      tribute: card("UTC", { name: "", recipientEmail: "x" }),
    });
    expect(form.success ? {} : zodFieldErrors(form.error)).toEqual({ "tribute.name": messages.tribute.nameRequired, "tribute.recipientEmail": messages.tribute.recipientEmailInvalid });
  });
});
