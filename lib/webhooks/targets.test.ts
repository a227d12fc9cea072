import { setEnvForTests } from "@/lib/env";
import { localTargetsAllowed } from "./targets";

const reset = { NODE_ENV: "test", WEBHOOK_ALLOW_LOCAL_TARGETS: undefined, PAYMENT_PROVIDER: undefined, STRIPE_SECRET_KEY: undefined, PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined };
afterEach(() => setEnvForTests(reset));

describe("webhooks to this machine and private networks", () => {
  test("an offline trial (production build, sandbox payments) may send to a receiver on this machine", () => {
    setEnvForTests({ ...reset, NODE_ENV: "production" });
    expect(localTargetsAllowed()).toBe(true);
  });
  test("production with real payments refuses them unless allowed, and 0 refuses them everywhere", () => {
    setEnvForTests({ ...reset, NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_123" });
    expect(localTargetsAllowed()).toBe(false);
    setEnvForTests({ ...reset, NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_123", WEBHOOK_ALLOW_LOCAL_TARGETS: "1" });
    expect(localTargetsAllowed()).toBe(true);
    setEnvForTests({ ...reset, NODE_ENV: "production", WEBHOOK_ALLOW_LOCAL_TARGETS: "0" });
    expect(localTargetsAllowed()).toBe(false);
  });
});
