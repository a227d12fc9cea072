import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BudgetEditor } from "@/components/budgets/budget-editor";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { listFundraiserBudgets, type FundraiserBudget } from "@/lib/services/reports/budgets";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Fundraiser budgets" };
export const dynamic = "force-dynamic";

/**
 * /manage-pay/budgets — a budget per fundraiser (planned spending lines in cents) shown
 * against money raised, each publishable on the public profile. Signed-in nonprofit users
 * only, for their own organization's fundraisers.
 */
export default async function ManagePayBudgetsPage() {
  const actor = await requireUserPage("/manage-pay/budgets", "nonprofit");
  const organizationId = actor.organizationId;
  let budgets: FundraiserBudget[] | null = null;
  if (organizationId) {
    try {
      budgets = await listFundraiserBudgets({ actor, organizationId });
    } catch (e) {
      logger.error("budgets failed", { name: (e as Error)?.name });
    }
  }
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Fundraiser budgets</h1>
          <p className="mt-1 text-ink-muted">Plan how each fundraiser&apos;s money will be spent, and share it with your donors.</p>
        </div>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          Back to your dashboard
        </LinkButton>
      </div>
      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/budgets" />
        {!organizationId ? (
          <Alert variant="warning">Your account is not linked to an organization yet.</Alert>
        ) : budgets === null ? (
          <Alert variant="error">{messages.reports.budgetsFailed}</Alert>
        ) : budgets.length === 0 ? (
          <EmptyState
            title={messages.organization.noCampaigns}
            action={
              <LinkButton href={`/nonprofit/${organizationId}?sec=fundraiser`} variant="primary">
                Create Fundraiser
              </LinkButton>
            }
          />
        ) : (
          budgets.map((b) => <BudgetEditor key={b.campaignId} budget={b} />)
        )}
      </div>
    </section>
  );
}
