/**
 * The checkout and ticket forms' schemas (the checkout form's own check,
 * components/payments/checkout-field-check.ts, and the ticket form's react-hook-form zodResolver,
 * raw values): they apply the server's guest, buyer and card schemas to the fields shown, with its messages.
 */
import { checkoutFieldErrors } from "@/components/payments/checkout-field-check";
import { NO_TRIBUTE, checkoutFormSchema, todayInTimeZone, checkoutRequestBody, checkoutSchema, type CheckoutFormValues } from "./donation";
import { ticketFormSchema, ticketOrderRequestBody, ticketOrderSchema } from "./event";
import { nestedFieldErrors, zodFieldErrors } from "./field-errors";
import { messages } from "./messages";

const share = { name: false, email: false, location: false, phone: false, gender: false, age: false };
const badCard = { number: "4242", expiry: "13/30", cvc: "1" };
const form = (over: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  frequency: "once",
  coverFees: false,
  name: "",
  email: "",
  anonymous: false,
  share,
  method: "card",
  card: badCard,
  tribute: { ...NO_TRIBUTE },
  ...over,
});
const errorsOf = (r: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) => (r.success ? {} : zodFieldErrors(r.error!));

describe("checkoutFormSchema", () => {
  it("a guest with the sandbox: name, email and the card, with the server's messages, in that order", () => {
    const errors = checkoutFieldErrors({ guest: true, sandbox: true }, form({ email: "not-an-email" }));
    expect(Object.keys(errors)).toEqual(["name", "email", "card.number", "card.expiry", "card.cvc"]);
    expect(errors).toMatchObject({ name: messages.donation.nameRequired, email: messages.email.invalid, "card.number": messages.donation.cardNumber });
  });

  it("a signed-in donor paying by bank, or with another provider, is not asked for name, email or card", () => {
    expect(checkoutFieldErrors({ guest: false, sandbox: true }, form({ method: "us_bank_account" }))).toEqual({});
    expect(checkoutFieldErrors({ guest: false, sandbox: false }, form())).toEqual({});
    // The same guest's card, signed in with the sandbox: the card is still checked.
    expect(Object.keys(checkoutFieldErrors({ guest: false, sandbox: true }, form()))).toEqual(["card.number", "card.expiry", "card.cvc"]);
  });

  it("accepts a well-formed guest and test card as typed (spaces in the number)", () => {
    const ok = form({ name: "Ann", email: " ann@example.org ", card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } });
    expect(checkoutFormSchema({ guest: true, sandbox: true }).safeParse(ok).success).toBe(true);
  });
});

describe("checkoutRequestBody", () => {
  const goodCard = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
  const ids = { idempotencyKey: "0b6f5a1e-8f3c-4c47-9a8e-2f1d3c4b5a69", organizationId: "org_1", campaignId: null, supporterPageId: "page_1", amountCents: 2_500 };
  const post = { ...ids, fundraiserId: ids.campaignId, signedIn: false, sandbox: true };

  it("a guest's body from the form's values parses with checkoutSchema and carries every value", () => {
    const tribute = { type: "memory", name: " Jane Doe ", sendCard: true, recipientName: "Sam Doe", recipientEmail: "sam@example.org", message: "With love", sendOn: todayInTimeZone("America/Chicago"), timeZone: "America/Chicago", showAmount: true } as const;
    const values = form({ frequency: "month", coverFees: true, name: " Ann ", email: "ann@example.org", anonymous: true, share: { ...share, email: true }, card: goodCard, tribute });
    expect(checkoutFormSchema({ guest: true, sandbox: true }).safeParse(values).success).toBe(true);
    const parsed = checkoutSchema().parse(checkoutRequestBody(values, post));
    expect(parsed).toEqual({
      ...ids,
      frequency: "month",
      coverFees: true,
      method: "card",
      name: "Ann",
      email: "ann@example.org",
      anonymous: true,
      share: { ...share, email: true },
      card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      tribute: { ...tribute, name: "Jane Doe" },
    });
  });

  it("every field of checkoutSchema reaches the body: the form's values and what the post adds", () => {
    const body = checkoutRequestBody(form({ card: goodCard }), { ...post, altcha: "solved", confirmDuplicate: true });
    expect(Object.keys(body).sort()).toEqual(Object.keys(checkoutSchema().shape).sort());
  });

  it("sends no card but to the sandbox for a card payment, and no name or email for a signed-in donor", () => {
    const values = form({ name: "Ann", email: "ann@example.org", card: goodCard });
    const signedIn = checkoutRequestBody(values, { ...post, signedIn: true });
    expect(signedIn).toMatchObject({ name: "", email: "", card: goodCard });
    expect(checkoutRequestBody(form({ method: "us_bank_account" }), post)).not.toHaveProperty("card");
    expect(checkoutRequestBody(values, { ...post, sandbox: false })).not.toHaveProperty("card");
    expect(checkoutSchema().safeParse(checkoutRequestBody(form({ method: "us_bank_account" }), { ...post, signedIn: true })).success).toBe(true);
  });

  it("a missing required value gets the spec's message, on the form and in the body", () => {
    const { name, email, ...withoutDonor } = form({ card: goodCard });
    expect([name, email]).toEqual(["", ""]);
    expect(errorsOf(checkoutFormSchema({ guest: true, sandbox: true }).safeParse(withoutDonor))).toEqual({
      name: messages.donation.nameRequired,
      email: messages.donation.emailRequired,
    });
    const { amountCents, ...withoutAmount } = checkoutRequestBody(form({ card: goodCard }), post);
    expect(amountCents).toBe(2_500);
    expect(errorsOf(checkoutSchema().safeParse(withoutAmount))).toEqual({ amountCents: messages.donation.amountRequired });
  });

  it("the form offers card and bank only: the other methods have their own calls", () => {
    const parsed = checkoutFormSchema({ guest: false, sandbox: false }).safeParse({ ...form(), method: "wallet" });
    expect(Object.keys(errorsOf(parsed))).toEqual(["method"]);
  });
});

describe("ticketFormSchema", () => {
  it("always checks the buyer; the card only for paid sandbox tickets", () => {
    const values = { name: "", email: "", card: badCard };
    expect(Object.keys(errorsOf(ticketFormSchema({ card: false }).safeParse(values)))).toEqual(["name", "email"]);
    expect(errorsOf(ticketFormSchema({ card: true }).safeParse(values))).toMatchObject({ name: messages.events.buyerNameRequired, "card.cvc": messages.donation.cardCvc });
  });
});

describe("ticketOrderRequestBody", () => {
  const post = { idempotencyKey: "0b6f5a1e-8f3c-4c47-9a8e-2f1d3c4b5a69", ticketTypeId: "tt_1", quantity: 2 };
  const card = { number: "4242-4242-4242-4242", expiry: "12/34", cvc: "123" };

  it("a paid order's body from the form's values parses with ticketOrderSchema and carries every value", () => {
    const values = { name: " Bo Buyer ", email: "bo@example.org", card };
    expect(ticketFormSchema({ card: true }).safeParse(values).success).toBe(true);
    expect(ticketOrderSchema.parse(ticketOrderRequestBody(values, { ...post, paid: true, altcha: "solved" }))).toEqual({
      ...post,
      name: "Bo Buyer",
      email: "bo@example.org",
      card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
      altcha: "solved",
    });
  });

  it("every field of ticketOrderSchema reaches the body; a free order sends no card", () => {
    const values = { name: "Bo", email: "bo@example.org", card };
    expect(Object.keys(ticketOrderRequestBody(values, { ...post, paid: true, altcha: "solved" })).sort()).toEqual(Object.keys(ticketOrderSchema.shape).sort());
    expect(ticketOrderRequestBody(values, { ...post, paid: false })).not.toHaveProperty("card");
  });

  it("an empty buyer gets the spec's messages", () => {
    expect(errorsOf(ticketFormSchema({ card: false }).safeParse({ name: " ", email: "", card }))).toEqual({
      name: messages.events.buyerNameRequired,
      email: messages.events.buyerEmailRequired,
    });
  });
});

describe("nestedFieldErrors", () => {
  it("flattens a form library's nested errors to dotted paths, in order, skipping empty entries", () => {
    const nested = { name: { type: "custom", message: "Name!" }, card: { number: { type: "custom", message: "Number!" }, cvc: undefined }, email: undefined };
    expect(nestedFieldErrors(nested)).toEqual({ name: "Name!", "card.number": "Number!" });
  });
});
