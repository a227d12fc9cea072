/**
 * The checkout and ticket forms' schemas (react-hook-form's zodResolver, raw values): they
 * apply the server's guest, buyer and card schemas to the fields shown, with its messages.
 */
import { checkoutFormSchema, type CheckoutFormValues } from "./donation";
import { ticketFormSchema } from "./event";
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
  ...over,
});
const errorsOf = (r: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) => (r.success ? {} : zodFieldErrors(r.error!));

describe("checkoutFormSchema", () => {
  it("a guest with the sandbox: name, email and the card, with the server's messages, in that order", () => {
    const errors = errorsOf(checkoutFormSchema({ guest: true, sandbox: true }).safeParse(form({ email: "not-an-email" })));
    expect(Object.keys(errors)).toEqual(["name", "email", "card.number", "card.expiry", "card.cvc"]);
    expect(errors).toMatchObject({ name: messages.donation.nameRequired, email: messages.email.invalid, "card.number": messages.donation.cardNumber });
  });

  it("a signed-in donor paying by bank, or with another provider, is not asked for name, email or card", () => {
    expect(checkoutFormSchema({ guest: false, sandbox: true }).safeParse(form({ method: "us_bank_account" })).success).toBe(true);
    expect(checkoutFormSchema({ guest: false, sandbox: false }).safeParse(form()).success).toBe(true);
  });

  it("accepts a well-formed guest and test card as typed (spaces in the number)", () => {
    const ok = form({ name: "Ann", email: " ann@example.org ", card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } });
    expect(checkoutFormSchema({ guest: true, sandbox: true }).safeParse(ok).success).toBe(true);
  });
});

describe("ticketFormSchema", () => {
  it("always checks the buyer; the card only for paid sandbox tickets", () => {
    const values = { name: "", email: "", card: badCard };
    expect(Object.keys(errorsOf(ticketFormSchema({ card: false }).safeParse(values)))).toEqual(["name", "email"]);
    expect(errorsOf(ticketFormSchema({ card: true }).safeParse(values))).toMatchObject({ name: messages.events.buyerNameRequired, "card.cvc": messages.donation.cardCvc });
  });
});

describe("nestedFieldErrors", () => {
  it("flattens a form library's nested errors to dotted paths, in order, skipping empty entries", () => {
    const nested = { name: { type: "custom", message: "Name!" }, card: { number: { type: "custom", message: "Number!" }, cvc: undefined }, email: undefined };
    expect(nestedFieldErrors(nested)).toEqual({ name: "Name!", "card.number": "Number!" });
  });
});
