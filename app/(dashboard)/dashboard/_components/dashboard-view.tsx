import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { actorFromSession } from "@/lib/auth/actor";
import { hasAccountType } from "@/lib/auth/can";
import { requireSessionUserPage } from "@/lib/http/session";
import { siteLinks } from "@/lib/config/links";
import { getOwnClaim } from "@/lib/services/claims/claims";
import { fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { DonorDashboard } from "./donor-dashboard";
import { NonprofitDashboard } from "./nonprofit-dashboard";

/** Known dashboard sections (/dashboard/:section) and the error texts of /dashboard/:section/:error. */
const sectionErrors: Record<string, string> = {
  "stripe-connect": "We could not finish connecting your payment account. Please try again.",
  paypal: "We could not finish connecting PayPal. Please try again.",
};

/**
 * The dashboard of the signed-in user's type (spec: individual -> donor dashboard,
 * nonprofit -> nonprofit dashboard). Logged-out visitors go to /login.
 */
export async function DashboardView({ path, section, error }: { path: string; section?: string; error?: string }) {
  const user = await requireSessionUserPage(path);
  const actor = actorFromSession(user);
  if (hasAccountType(actor, "admin")) redirect("/admin");
  const links = siteLinks();
  // A nonprofit account without an organization may be contesting someone else's claim.
  const own = hasAccountType(actor, "nonprofit") && !actor.organizationId ? await getOwnClaim({ actor }) : null;
  const contest = own?.contest && own.status === "pending" ? own : null;
  return (
    <>
      {error ? (
        <Alert variant="error" className="mb-6" title="Something went wrong">
          {sectionErrors[section ?? ""] ?? "That did not work. Please try again, and contact us if it happens again."}
        </Alert>
      ) : null}
      {hasAccountType(actor, "nonprofit") && !actor.organizationId ? (
        <Alert
          variant="warning"
          title={contest ? fillMessage(messages.claims.contestPendingBanner, { name: contest.organization.legalName ?? "this organization" }) : messages.claims.noOrganization}
        >
          <Link href="/dashboard/claim" className="text-sm font-semibold text-brand-700 underline">
            {contest ? "Verify now" : "See your claim"}
          </Link>
        </Alert>
      ) : hasAccountType(actor, "nonprofit") ? (
        <NonprofitDashboard user={user} actor={actor} links={links} section={section} />
      ) : (
        <DonorDashboard user={user} actor={actor} links={links} section={section} />
      )}
    </>
  );
}
