/**
 * Test helper process for checkout-crash.test.ts: starts one checkout (input as JSON in
 * argv[2]) on the configured database (DATABASE_URL, else PGlite in DATA_DIR) and is killed by
 * the test while CHECKOUT_TEST_PAUSE_MS holds it between recording the donation and calling
 * the provider. Prints "checkout: donation recorded, calling the provider" at that point.
 */
import { getHandle } from "@/lib/db/client";
import { ensureMailQueue } from "@/lib/mail/queue";
import { checkoutSchema } from "@/lib/validations/donation";
import { startCheckout } from "./start-checkout";

async function main() {
  await getHandle();
  await ensureMailQueue();
  const input = checkoutSchema().parse(JSON.parse(process.argv[2] ?? "{}"));
  const result = await startCheckout({ actor: null, input });
  console.log(`checkout: finished with ${result.status}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(`checkout child failed: ${(err as Error).message}`);
  process.exit(1);
});
