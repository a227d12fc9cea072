import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { listOrganizationAudit, type OrganizationActivityEntry } from "@/lib/services/organizations/organization-audit";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Account activity" };

const m = messages.activity;
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * /dashboard/activity — the organization's account activity for its members: claim verified,
 * renames, payout accounts connected or removed, newest first (lib/services/organizations/organization-audit.ts).
 */
export default async function ActivityPage() {
  const actor = await requireUserPage("/dashboard/activity", "nonprofit");
  let entries: OrganizationActivityEntry[] | null = null;
  try {
    entries = await listOrganizationAudit({ actor, limit: 100 });
  } catch (err) {
    // An account no longer acting for an organization (its claim ended) has no activity to read.
    if (!isAppError(err) || err.code !== "forbidden") throw err;
  }
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <Link href="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to your dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink">{m.title}</h1>
        <p className="mt-2 text-ink-muted">{m.intro}</p>
      </div>
      {entries === null ? (
        <Alert variant="warning" title={m.noOrganization} />
      ) : entries.length === 0 ? (
        <EmptyState title={m.empty} />
      ) : (
        <ol className="space-y-3" aria-label="Account activity, newest first">
          {entries.map((e) => (
            <li key={e._id}>
              <Card as="article" className="min-w-0">
                <p className="text-sm text-ink-muted">
                  <time dateTime={e.at.toISOString()}>{when(e.at)}</time>
                </p>
                <p className="mt-1 font-semibold wrap-anywhere text-ink">{e.summary}</p>
                <p className="mt-1 text-sm wrap-anywhere text-ink-muted">By {e.by}</p>
                {e.facts.length > 0 ? (
                  <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                    {e.facts.map((f) => (
                      <div key={f.label} className="contents">
                        <dt className="text-ink-muted">{f.label}</dt>
                        <dd className="mb-2 wrap-anywhere text-ink sm:mb-0">{f.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
