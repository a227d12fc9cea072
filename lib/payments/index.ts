/**
 * Provider selection: PAYMENT_PROVIDER when set, else Stripe when STRIPE_SECRET_KEY is set,
 * else PayPal when its keys are set, else the sandbox.
 */
import "server-only";
import { serverEnv } from "@/lib/env";
import { paypalProvider } from "./paypal";
import { sandboxProvider } from "./sandbox";
import { stripeProvider } from "./stripe";
import type { PaymentProvider, ProviderName } from "./types";

/** The provider new gifts use. */
export function activeProviderName(): ProviderName {
  const env = serverEnv();
  if (env.PAYMENT_PROVIDER) return env.PAYMENT_PROVIDER;
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) return "paypal";
  return "sandbox";
}

/** A provider by name. */
export function providerByName(name: ProviderName): PaymentProvider {
  return name === "stripe" ? stripeProvider : name === "paypal" ? paypalProvider : sandboxProvider;
}

export type { PaymentProvider, ProviderName } from "./types";
