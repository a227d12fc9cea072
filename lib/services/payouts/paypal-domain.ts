/**
 * registerPaypalDomain: register the site's domain for Apple Pay with PayPal (admin only).
 * @throws AppError(unavailable) when PayPal is not configured or refuses.
 */
import "server-only";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { paypalAccessToken, paypalApiBase, paypalConfigured } from "@/lib/payments/paypal";
import { messages } from "@/lib/validations/messages";

export type RegisterPaypalDomainOptions = { actor: Actor };

export async function registerPaypalDomain({ actor }: RegisterPaypalDomainOptions): Promise<{ domain: string; registered: boolean }> {
  authorize(actor, "platform.configure", {});
  if (!paypalConfigured()) throw new AppError("unavailable", messages.donation.paypalRequired);
  const domain = new URL(baseUrl()).hostname;
  const res = await fetch(`${paypalApiBase()}/v1/customer/wallet-domains`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await paypalAccessToken()}`, "Content-Type": "application/json" },
    body: JSON.stringify({ provider_type: "APPLE_PAY", domain: { name: domain } }),
  });
  if (!res.ok && res.status !== 409) throw new AppError("unavailable", messages.donation.paypalRequired);
  return { domain, registered: true };
}
