/**
 * What the server does once at start (called from instrumentation.ts): open the database
 * (taking the PGlite folder lock), apply migrations, and on an empty database load the
 * Vermont directory and the demo seed, merge what is pending in the search indexes
 * (lib/search/index-upkeep.ts), then start delivering queued mail and webhooks and the
 * schedule that charges monthly recurring gifts, and the donor-import jobs. A second process on the same PGlite folder stops here
 * with a clear message and exit code 1, leaving the data untouched.
 */
import { serverEnv } from "@/lib/env";
import { DatabaseLockedError, getHandle, openPostgres } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

/** Prepare the database; exits the process when the folder is locked by another process. */
export async function prepareDatabase(): Promise<void> {
  const env = serverEnv();
  try {
    const handle = await getHandle();
    if (env.DATABASE_URL) {
      // Migrations may run longer than the served pool's statement_timeout (an index on the
      // full directory): they get a small pool of their own without it.
      const migrator = await openPostgres(env.DATABASE_URL, { max: 2 });
      try {
        await runMigrations(migrator);
      } finally {
        await migrator.close();
      }
    } else {
      await runMigrations(handle);
    }
    if (env.DEMO_DATA) {
      const { loadDemoDataIfEmpty } = await import("./demo-data");
      const started = Date.now();
      const result = await loadDemoDataIfEmpty(handle.db);
      if (result.loaded) {
        console.log(
          `Loaded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.organizations} organizations, ` +
            `${result.campaigns} fundraisers, ${result.donations} donations.`,
        );
      }
    }
    // Entries left pending in the search indexes (an embedded database loaded or imported
    // into before imports merged them: it has no autovacuum) would be read by every search.
    const { mergePendingSearchEntries } = await import("@/lib/search/index-upkeep");
    await mergePendingSearchEntries(handle.db);
    // The background jobs below publish domain events: their subscribers first.
    const { installSubscribers } = await import("@/lib/services/subscribers");
    installSubscribers();
    const { startMailWorker, stopMailQueue } = await import("@/lib/mail/queue");
    await startMailWorker();
    // On SIGTERM the workers finish the batch they hold before the process exits (scripts/server.ts).
    const { onShutdown } = await import("./shutdown");
    onShutdown("queue", stopMailQueue);
    const { startWebhookWorker } = await import("@/lib/services/webhooks/deliver-webhook");
    await startWebhookWorker();
    const { startRecurringCharges } = await import("@/lib/services/recurring/schedule");
    await startRecurringCharges();
    const { startTicketHoldRelease } = await import("@/lib/services/events/ticket-holds");
    await startTicketHoldRelease();
    const { startPledgeJob } = await import("@/lib/services/pledges/schedule");
    await startPledgeJob();
    const { startClaimExpiryJob } = await import("@/lib/services/claims/release-claim");
    await startClaimExpiryJob();
    const { startThankYouWorker } = await import("@/lib/services/thank-you/thank-you-mail");
    await startThankYouWorker();
    const { startSupporterDigestJob } = await import("@/lib/services/supporter-pages/gift-notices");
    await startSupporterDigestJob();
    const { startDonorSummaryJob } = await import("@/lib/services/donor-relationships/donor-summaries");
    await startDonorSummaryJob();
    const { startDonorImportWorker } = await import("@/lib/services/donor-imports/import-jobs");
    await startDonorImportWorker();
    console.log(`Database ready (${handle.kind === "pglite" ? `embedded, ${env.DATA_DIR}` : "PostgreSQL server"}).`);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    console.error(`Could not prepare the database: ${(err as Error).message}`);
    process.exit(1);
  }
}
