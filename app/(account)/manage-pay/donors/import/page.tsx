import type { Metadata } from "next";
import { DonorImportWizard } from "@/components/donors/donor-import-wizard";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { listImportMappings, type SavedMapping } from "@/lib/services/donor-imports/donor-imports";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Import donors" };
export const dynamic = "force-dynamic";

/**
 * /manage-pay/donors/import — import a donor history from another platform's CSV export
 * (Givebutter, Donorbox, Little Green Light, Bloomerang...): upload, column mapping (saved
 * mappings of the organization offered), dry run, import with progress. Signed-in nonprofit
 * users only, for their own organization.
 */
export default async function DonorImportPage() {
  const actor = await requireUserPage("/manage-pay/donors/import", "nonprofit");
  const organizationId = actor.organizationId;

  let savedMappings: SavedMapping[] = [];
  let fetchError: string | null = null;
  if (organizationId) {
    try {
      savedMappings = await listImportMappings({ actor, organizationId });
    } catch (e) {
      if (isAppError(e) && e.status < 500) fetchError = e.message;
      else {
        logger.error("donor import mappings failed", { name: (e as Error)?.name });
        fetchError = messages.generic.server;
      }
    }
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Import donors</h1>
          <p className="mt-1 text-ink-muted">Bring the gift history you kept on another platform: your donors, their gifts and segments appear in the Donors view.</p>
        </div>
        <LinkButton href="/manage-pay/donors" variant="ghost" size="sm">
          Back to your donors
        </LinkButton>
      </div>
      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/donors" />
        {!organizationId ? (
          <Alert variant="warning">Your account is not linked to an organization yet.</Alert>
        ) : fetchError ? (
          <Alert variant="error">{fetchError}</Alert>
        ) : (
          <DonorImportWizard organizationId={organizationId} savedMappings={savedMappings} />
        )}
      </div>
    </section>
  );
}
