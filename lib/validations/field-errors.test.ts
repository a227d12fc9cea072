import { z } from "zod";
import { topField, zodFieldErrors } from "./field-errors";

const schema = z
  .object({
    email: z.string().min(1, { error: "empty" }).email({ error: "bad" }),
    card: z.object({ number: z.string().regex(/^\d+$/, { error: "digits" }) }),
    a: z.string(),
    b: z.string(),
  })
  .refine((v) => v.a === v.b, { error: "differ" });

describe("zodFieldErrors", () => {
  it("keeps the first message of each field, keyed by the dotted path", () => {
    const r = schema.safeParse({ email: "", card: { number: "x" }, a: "1", b: "1" });
    expect(r.success).toBe(false);
    expect(zodFieldErrors(r.error!)).toEqual({ email: "empty", "card.number": "digits" });
  });

  it("keys root issues as _ and can key by the top field only", () => {
    const r = schema.safeParse({ email: "a@b.co", card: { number: "x" }, a: "1", b: "1" });
    expect(zodFieldErrors(r.error!, topField)).toEqual({ card: "digits" });
    const root = schema.safeParse({ email: "a@b.co", card: { number: "1" }, a: "1", b: "2" });
    expect(zodFieldErrors(root.error!)).toEqual({ _: "differ" });
  });
});
