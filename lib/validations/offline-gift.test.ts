/**
 * The offline gift's form (dollars typed) and API body (cents) follow the same rules, so the
 * dialog shows the message the server would answer with, and its body passes the server's schema.
 */
import { messages } from "./messages";
import { offlineGiftBody, offlineGiftFormSchema, offlineGiftSchema, type OfflineGiftFormValues } from "./offline-gift";

const m = messages.offlineGifts;
const TODAY = "2026-11-27";
const form = (over: Partial<OfflineGiftFormValues>): OfflineGiftFormValues => ({
  method: "cash",
  receivedOn: "2026-11-10",
  amount: "",
  campaignId: "",
  checkNumber: "",
  fundName: "",
  description: "",
  shares: "",
  donorName: "Ada Lovelace",
  donorEmail: "",
  donorConsent: false,
  ...over,
});
const formErrors = (v: OfflineGiftFormValues) => {
  const r = offlineGiftFormSchema(TODAY).safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

test("a valid form becomes a body the server accepts, in cents, with only the method's facts", () => {
  const values = form({ method: "check", amount: "1,250.50", checkNumber: "1234", fundName: "left over", campaignId: "c-1" });
  expect(formErrors(values)).toEqual({});
  const body = offlineGiftSchema(TODAY).parse(offlineGiftBody(values));
  expect(body).toMatchObject({ method: "check", amountCents: 125_050, checkNumber: "1234", fundName: "", campaignId: "c-1", receivedOn: "2026-11-10" });
});

test("in-kind property goes without an amount; an amount typed for it is refused", () => {
  const values = form({ method: "in_kind", description: "Two laptops" });
  expect(formErrors(values)).toEqual({});
  expect(offlineGiftSchema(TODAY).parse(offlineGiftBody(values)).amountCents).toBeNull();
  expect(formErrors(form({ method: "in_kind", description: "Two laptops", amount: "100" }))).toEqual({ amount: m.inKindNoAmount });
});

test("the form shows the server's messages for the same mistakes", () => {
  expect(formErrors(form({ amount: "-5" }))).toEqual({ amount: m.amountInvalid });
  expect(formErrors(form({ amount: "0" }))).toEqual({ amount: m.amountInvalid });
  expect(formErrors(form({ amount: "" }))).toEqual({ amount: m.amountRequired });
  expect(formErrors(form({ method: "check", amount: "5" }))).toEqual({ checkNumber: m.checkNumberRequired });
  expect(formErrors(form({ method: "stock", amount: "5", description: "Acme", shares: "abc" }))).toEqual({ shares: m.sharesInvalid });
  expect(formErrors(form({ amount: "5", receivedOn: "2026-11-28" }))).toEqual({ receivedOn: m.receivedOnFuture });
  expect(formErrors(form({ amount: "5", donorEmail: "ada@example.org" }))).toEqual({ donorConsent: m.consentRequired });
  expect(formErrors(form({ amount: "5", donorName: "" }))).toEqual({ donorName: m.donorRequired });
  expect(offlineGiftSchema(TODAY).safeParse({ ...offlineGiftBody(form({ amount: "5" })), amountCents: -500 }).error?.issues[0]?.message).toBe(m.amountInvalid);
});
