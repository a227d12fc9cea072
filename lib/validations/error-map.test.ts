import { z } from "zod";
import { cardSchema } from "./donation";
import { fieldLabel } from "./error-map";
import { zodFieldErrors } from "./field-errors";
import { messages } from "./messages";

describe("field errors name the field in the product's words", () => {
  test.each([
    [["firstName"], "First name"],
    [["address", "zipcode"], "ZIP code"],
    [["tickets", 2, "price"], "Price (item 3)"],
    [["card", "number"], "Card number"],
    [["card", "expiry"], "Expiry (MM/YY)"],
    [["card", "cvc"], "CVC"],
    [["organization", "name"], "Organization name"],
    [["tickets", 0, "name"], "Name (item 1)"],
  ])("%j reads %s", (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });

  test("a number sent for the card number says which field must be text", () => {
    const result = z.object({ card: cardSchema }).safeParse({ card: { number: 4242424242424242, expiry: "12/30", cvc: "123" } });
    expect(result.success).toBe(false);
    const fields = zodFieldErrors(result.error!);
    expect(fields["card.number"]).toBe(messages.fields.notText("Card number"));
    expect(Object.values(fields)).not.toContain("Number must be text.");
  });
});
