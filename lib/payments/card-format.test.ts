import { cardSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { formatCardNumber, formatCvc, formatExpiry } from "./card-format";

describe("card field formatting", () => {
  test("the card number is grouped by 4 and keeps only digits", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42");
    expect(formatCardNumber("4242")).toBe("4242");
    expect(formatCardNumber("abc")).toBe("");
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
  });

  test("the expiry becomes MM/YY as the digits are typed", () => {
    expect(["1", "12", "123", "1230"].map(formatExpiry)).toEqual(["1", "12", "12/3", "12/30"]);
    expect(formatExpiry("12/30")).toBe("12/30");
    expect(formatExpiry("12/305")).toBe("12/30");
    expect(formatExpiry("4")).toBe("04");
    expect(formatExpiry("428")).toBe("04/28");
    expect(formatExpiry("")).toBe("");
    expect(formatExpiry("12/2030")).toBe("12/30");
    expect(formatExpiry("3/2031")).toBe("03/31");
  });

  test("the security code keeps at most 4 digits", () => {
    expect(formatCvc("12a3")).toBe("123");
    expect(formatCvc("123456")).toBe("1234");
  });

  test("formatted values still pass the shared card schema, bad ones still fail with the catalogue's messages", () => {
    const ok = cardSchema.safeParse({ number: formatCardNumber("4242424242424242"), expiry: formatExpiry("1230"), cvc: formatCvc("123") });
    expect(ok.success && ok.data).toEqual({ number: "4242424242424242", expiry: "12/30", cvc: "123" });
    const bad = cardSchema.safeParse({ number: formatCardNumber("4242"), expiry: formatExpiry("13"), cvc: formatCvc("1") });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["number", messages.donation.cardNumber],
      ["expiry", messages.donation.cardExpiry],
      ["cvc", messages.donation.cardCvc],
    ]);
  });
});
