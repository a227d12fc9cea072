import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { adminEnabled } from "@/lib/auth/admin";
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { formatCents } from "@/lib/money";
import { listAuditLog } from "@/lib/services/admin/audit";
import { listFeedback } from "@/lib/services/admin/list-feedback";
import { getPlatformTotals } from "@/lib/services/admin/platform-totals";
import { listPendingNonprofits } from "@/lib/services/admin/review-nonprofit";
import { listBusinessSignups } from "@/lib/services/business/list-business-signups";
import { listUpdateNotices } from "@/lib/services/updates/list-update-notices";
import { AdminSignIn } from "./_components/admin-sign-in";
import { ReviewButtons } from "./_components/review-buttons";
import { ClaimReviewButtons } from "./_components/claim-review";
import { listClaimReviews } from "@/lib/services/claims/verify-by-document";
import { listClaimDisputes, type DisputeSide } from "@/lib/services/claims/disputes";
import { DisputeDecision } from "./_components/dispute-decision";
import { listClaims, type ClaimSummary } from "@/lib/services/claims/list-claims";
import { claimSearchSchema } from "@/lib/validations/claims";
import { legalNameLine } from "@/lib/validations/legal-name";
import { messages } from "@/lib/validations/messages";
import { ClaimsManager, type ClaimRowView } from "./_components/claims-manager";
import { UpdatesManager } from "./_components/updates-manager";

export const metadata: Metadata = { title: "Admin console", robots: { index: false, follow: false } };

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const interestLabel: Record<string, string> = { sponsoring: "Sponsoring", matching: "Matching gifts", both: "Sponsoring and matching" };
const methodLabel: Record<string, string> = {
  email: "Verified by an email at the organization's domain",
  letter: "Verified by the mailed letter's code",
  document: "Verified by document review",
  admin: "Verified by Givebridge",
};

/** A claim as the console's list shows it. */
function claimRow(c: ClaimSummary): ClaimRowView {
  const started = [
    c.started.emailSentAt ? `email link sent to ${c.started.emailTo ?? "an address at its domain"}` : null,
    c.started.letterSentAt ? `letter mailed ${when(c.started.letterSentAt)}` : null,
    c.started.documentSubmittedAt ? `document uploaded ${when(c.started.documentSubmittedAt)}` : null,
  ].filter(Boolean);
  return {
    _id: c._id,
    organizationId: c.organization._id,
    name: c.organization.name,
    legalName: legalNameLine(c.organization),
    status: c.status === "verified" ? "Verified" : "Pending",
    method: c.method ? (methodLabel[c.method] ?? c.method) : started.length > 0 ? `Waiting: ${started.join("; ")}` : "Waiting: no verification started",
    claimant: c.claimant.name || c.claimant.email ? [c.claimant.name, c.claimant.email].filter(Boolean).join(" · ") : "account deleted",
    members: c.members,
    claimedAt: when(c.createdAt),
    verifiedAt: c.verifiedAt ? when(c.verifiedAt) : null,
  };
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <CardTitle as="h2">
        <span id={id}>{title}</span>
        {count !== undefined ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-ink-muted">{count}</span> : null}
      </CardTitle>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-control border border-slate-200 bg-white p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-ink">{value}</dd>
    </div>
  );
}

/**
 * /admin — the admin console: password sign-in for visitors; for the signed-in admin, the
 * platform totals, nonprofits waiting for approval, What's New notices, business sign-ups,
 * contact messages and the audit log, and the claims that hold a listing (the latest, or one
 * EIN's: ?ein=), each of which the admin may release. Every list comes from a service that
 * checks the admin.
 */
export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await getActor();
  if (!user || !can(user, "admin.review", {})) {
    return (
      <section className="mx-auto w-full max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold tracking-tight">Admin console</h1>
        <p className="mt-2 mb-6 text-ink-muted">Sign in with the admin password to continue.</p>
        <AdminSignIn enabled={adminEnabled()} />
      </section>
    );
  }

  const rawEin = (await searchParams).ein;
  const search = claimSearchSchema.safeParse({ ein: typeof rawEin === "string" ? rawEin : undefined });
  const ein = search.success ? search.data.ein || undefined : undefined;
  const [totals, pending, notices, businesses, messagesIn, audit, claimReviews, disputes, claims] = await Promise.all([
    getPlatformTotals({ actor: user }),
    listPendingNonprofits({ actor: user }),
    listUpdateNotices({ limit: 50 }),
    listBusinessSignups({ actor: user }),
    listFeedback({ actor: user }),
    listAuditLog({ actor: user, limit: 50 }),
    listClaimReviews({ actor: user }),
    listClaimDisputes({ actor: user }),
    search.success ? listClaims({ actor: user, ein, limit: 25 }) : Promise.resolve([]),
  ]);
  const month = totals.monthStart.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Admin console</h1>

      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          Platform totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label="Organizations claimed" value={totals.organizationsClaimed.toLocaleString("en-US")} />
          <Stat label="Waiting for approval" value={totals.pendingApproval.toLocaleString("en-US")} />
          <Stat label="Donors" value={totals.donors.toLocaleString("en-US")} />
          <Stat label={`Donations in ${month}`} value={totals.donationsThisMonth.toLocaleString("en-US")} />
          <Stat label={`Dollars in ${month}`} value={formatCents(totals.dollarsThisMonthCents)} />
        </dl>
      </section>

      <Section id="pending-title" title="Nonprofits waiting for approval" count={pending.length}>
        {pending.length === 0 ? (
          <p className="text-sm text-ink-muted">No nonprofit is waiting for approval.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Pending nonprofits">
            {pending.map((p) => (
              <li key={p._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{p.name}</p>
                  <p className="text-sm break-words text-ink-muted">
                    {[p.city, p.state, p.zipcode].filter(Boolean).join(", ")}
                    {p.ein ? ` · EIN ${p.ein}` : " · No EIN"}
                    {p.contactName ? ` · ${p.contactName}` : ""}
                    {p.email ? ` · ${p.email}` : ""}
                  </p>
                  <p className="text-xs text-ink-muted">Registered {when(p.createdAt)}</p>
                </div>
                <ReviewButtons organizationId={p._id} name={p.name} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="claims-title" title="Claims waiting for document review" count={claimReviews.length}>
        {claimReviews.length === 0 ? (
          <p className="text-sm text-ink-muted">No claim is waiting for document review.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Claims waiting for document review">
            {claimReviews.map((c) => (
              <li key={c._id} className="grid gap-4 py-4 md:grid-cols-3">
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase text-ink-muted">IRS record</p>
                  <p className="font-semibold break-words">{legalNameLine(c.irs) ?? c.irs.legalName}</p>
                  <p className="text-sm break-words text-ink-muted">{c.irs.address ?? "No address in the IRS file"}</p>
                  <p className="text-xs text-ink-muted">
                    {c.irs.subsection ? `501(c)(${Number(c.irs.subsection)})` : ""}
                    {c.irs.ruling ? ` · ruling ${c.irs.ruling.slice(0, 4)}` : ""}
                    {c.payoutProvider.stripeAccountId ? ` · Stripe Connect ${c.payoutProvider.stripeComplete ? "verified its details" : "details not submitted"} (extra evidence only)` : ""}
                  </p>
                </div>
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase text-ink-muted">Document</p>
                  <a className="break-words text-brand-700 underline" href={c.document.url} target="_blank" rel="noreferrer">
                    {c.document.name ?? "Open the document"}
                  </a>
                  <p className="text-sm break-words text-ink-muted">
                    {c.claimant.name ?? "Claimant"}
                    {c.claimant.email ? ` · ${c.claimant.email}` : ""}
                  </p>
                  <p className="text-xs text-ink-muted">Uploaded {when(c.submittedAt)}</p>
                  {c.contest ? <p className="text-xs font-semibold text-amber-800">A contest of another person&apos;s claim: approving hands the organization over (see Contested claims).</p> : null}
                </div>
                <ClaimReviewButtons claimId={c._id} name={c.irs.legalName ?? "this organization"} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="disputes-title" title="Contested claims" count={disputes.length}>
        {disputes.length === 0 ? (
          <p className="text-sm text-ink-muted">No claim is contested.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Contested claims">
            {disputes.map((d) => (
              <li key={d.contest.claimId} className="grid gap-4 py-4 md:grid-cols-4">
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase text-ink-muted">IRS record</p>
                  <p className="font-semibold break-words">{legalNameLine(d.organization) ?? d.organization.legalName}</p>
                  <p className="text-sm break-words text-ink-muted">{d.organization.address ?? "No address in the IRS file"}</p>
                  <p className="text-xs text-ink-muted">Shown as {d.organization.displayName}</p>
                </div>
                <DisputeSideView title="Current claim" side={d.holding} />
                <DisputeSideView title="Contest" side={d.contest} />
                {d.awaitingDecision ? (
                  <DisputeDecision claimId={d.contest.claimId} name={d.organization.legalName ?? d.organization.displayName} />
                ) : (
                  <p className="text-sm text-ink-muted">
                    {d.holding?.status === "verified"
                      ? "Waiting for the contester to verify. You may still decide once both have verified."
                      : "The first of the two to verify takes the organization."}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="claimed-title" title="Claimed organizations" count={claims.length}>
        <form method="get" action="/admin" role="search" aria-label="Find a claim by EIN" className="mb-4 flex flex-wrap items-end gap-2">
          <div className="min-w-0">
            <label htmlFor="claim-ein" className="block text-sm font-medium">
              EIN
            </label>
            <input
              id="claim-ein"
              name="ein"
              inputMode="numeric"
              defaultValue={typeof rawEin === "string" ? rawEin : ""}
              placeholder="12-3456789"
              aria-invalid={search.success ? undefined : true}
              aria-describedby={search.success ? undefined : "claim-ein-error"}
              className="h-9 w-44 rounded-control border border-slate-300 px-3 text-sm"
            />
          </div>
          <button type="submit" className="h-9 rounded-control bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800">
            Find claims
          </button>
          {ein ? (
            <a href="/admin#claimed-title" className="text-sm font-semibold text-brand-700 underline">
              Show the latest claims
            </a>
          ) : null}
          {!search.success ? (
            <p id="claim-ein-error" role="alert" className="w-full text-sm text-red-700">
              {search.error.issues[0]?.message ?? messages.organization.einInvalid}
            </p>
          ) : null}
        </form>
        <p className="mb-2 text-sm text-ink-muted">{ein ? `Pending and verified claims of EIN ${ein.slice(0, 2)}-${ein.slice(2)}.` : "The latest pending and verified claims, newest first."}</p>
        {claims.length === 0 && search.success ? <p className="text-sm text-ink-muted">{ein ? messages.claims.claimsSearchEmpty : messages.claims.claimsEmpty}</p> : null}
        <ClaimsManager claims={claims.map(claimRow)} />
      </Section>

      <Section id="updates-title" title="What's New notices" count={notices.length}>
        <UpdatesManager notices={notices.map((n) => ({ ...n, createdAt: when(n.createdAt) }))} />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="business-title" title="Business sign-ups" count={businesses.length}>
          {businesses.length === 0 ? (
            <p className="text-sm text-ink-muted">No business has signed up yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Business sign-ups">
              {businesses.map((b) => (
                <li key={b._id} className="py-3">
                  <p className="font-semibold break-words">{b.businessName}</p>
                  <p className="text-sm break-words text-ink-muted">
                    {b.contactName} · <a className="text-brand-700 underline" href={`mailto:${b.email}`}>{b.email}</a>
                  </p>
                  <p className="text-xs text-ink-muted">
                    {[b.city, b.state].filter(Boolean).join(", ") || "Location not given"}
                    {b.interest ? ` · ${interestLabel[b.interest] ?? b.interest}` : ""} · {when(b.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="feedback-title" title="Contact messages" count={messagesIn.length}>
          {messagesIn.length === 0 ? (
            <p className="text-sm text-ink-muted">No messages yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Contact messages">
              {messagesIn.map((f) => (
                <li key={f._id} className="py-3">
                  <p className="font-semibold break-words">
                    {f.userName} <span className="font-normal text-ink-muted">· {f.email}</span>
                  </p>
                  <p className="text-sm break-words whitespace-pre-line">{f.description}</p>
                  <p className="text-xs text-ink-muted">{when(f.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section id="audit-title" title="Audit log">
        {audit.length === 0 ? (
          <p className="text-sm text-ink-muted">No admin actions yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Latest admin actions</caption>
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">When</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Who</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Action</th>
                  <th scope="col" className="py-2 font-semibold">Target</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {audit.map((a) => (
                  <tr key={a._id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{when(a.createdAt)}</td>
                    <td className="py-2 pr-4">{a.actor}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{a.action}</td>
                    <td className="py-2 break-all">{typeof a.details.name === "string" ? a.details.name : typeof a.details.title === "string" ? a.details.title : a.target ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </div>
  );
}

/** One side of a dispute: the claimant, and how (and when) it verified, with its evidence. */
function DisputeSideView({ title, side }: { title: string; side: DisputeSide | null }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase text-ink-muted">{title}</p>
      {!side ? (
        <p className="text-sm text-ink-muted">None: the claim it contested has ended.</p>
      ) : (
        <>
          <p className="font-semibold break-words">
            {side.claimant.name ?? "Claimant"}
            {side.claimant.email ? ` · ${side.claimant.email}` : ""}
          </p>
          <p className="text-sm text-ink-muted">Claimed {when(side.claimedAt)}</p>
          <p className="text-sm break-words">
            {side.verification
              ? `Verified by ${side.verification.method ?? "unknown"}${side.verification.at ? ` on ${when(side.verification.at)}` : ""}`
              : "Not verified"}
            {side.documentSubmittedAt ? ` · document waiting for review since ${when(side.documentSubmittedAt)}` : ""}
          </p>
          {side.verification && Object.keys(side.verification.evidence).length > 0 ? (
            <dl className="mt-1 text-xs break-words text-ink-muted">
              {Object.entries(side.verification.evidence).map(([k, v]) => (
                <div key={k} className="flex gap-1">
                  <dt className="font-medium">{k}:</dt>
                  <dd>{String(v)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      )}
    </div>
  );
}
