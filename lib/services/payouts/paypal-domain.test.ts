/** Registering the site's Apple Pay domain with PayPal: the admin's alone, and only when PayPal is configured. */
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { messages } from "@/lib/validations/messages";
import { registerPaypalDomain } from "./paypal-domain";

const person = (type: SessionUser["type"]): Actor => actorFromSession({ type, _id: `${type}-1`, email: `${type}@example.org`, firstName: "", lastName: "", organization_company: "", profileImg: null, telephone: null, orgId: type === "nonprofit" ? "org-1" : null });

beforeAll(() => {
  setEnvForTests({ PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined });
  resetServerEnv();
});

test("a donor or a nonprofit user may not register the domain", async () => {
  await expect(registerPaypalDomain({ actor: person("individual") })).rejects.toMatchObject({ code: "forbidden" });
  await expect(registerPaypalDomain({ actor: person("nonprofit") })).rejects.toMatchObject({ code: "forbidden" });
});

test("without PayPal credentials the admin is told PayPal is unavailable", async () => {
  await expect(registerPaypalDomain({ actor: person("admin") })).rejects.toMatchObject({ code: "unavailable", message: messages.donation.paypalRequired });
});
