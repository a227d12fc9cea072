import type { Metadata } from "next";
import { Download } from "lucide-react";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { MessageSupportersDialog } from "@/components/supporter-pages/message-supporters-dialog";
import { SupporterPageList, SupporterStatusBadge } from "@/components/supporter-pages/supporter-page-list";
import { SupporterSettingsDialog } from "@/components/supporter-pages/supporter-settings-dialog";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClasses, controlStateClasses } from "@/components/ui/field";
import { SUPPORTER_PAGE_STATUSES, supporterPageStatusLabel } from "@/lib/donations/supporter-page-labels";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { formatCents } from "@/lib/money";
import { listSupporterPagesForOrganization, type OrganizationSupporterPages } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Supporter pages" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const m = messages.supporterPages;
const one = (v: string | string[] | undefined) => (typeof v === "string" && v.length <= 64 ? v : "");

/**
 * /manage-pay/supporter-pages — peer-to-peer fundraising for the organization: each
 * fundraiser's supporter-page options (a settings dialog), every supporter page with its
 * fundraiser, team, supporter, raised of goal, gifts and state, with approve / hide / unhide /
 * close / edit / delete; the teams with their totals; the CSV of the pages; and "Write to
 * supporters". Filters (fundraiser, state) live in the URL. Signed-in nonprofit users only, for
 * their own organization; a supporter's email shows only when they agreed to share it.
 */
export default async function SupporterPagesView({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireUserPage("/manage-pay/supporter-pages", "nonprofit");
  const organizationId = actor.organizationId;
  const q = await searchParams;
  const fundraiserId = one(q.campaignId) || null;
  const status = one(q.status) || null;

  if (!organizationId) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Supporter pages</h1>
        <Alert variant="warning" className="mt-6">
          Your account is not linked to an organization yet.
        </Alert>
      </section>
    );
  }

  let view: OrganizationSupporterPages | null = null;
  let fetchError: string | null = null;
  try {
    view = await listSupporterPagesForOrganization({ actor, organizationId, fundraiserId, status });
  } catch (e) {
    if (isAppError(e) && e.status < 500) fetchError = e.message;
    else {
      logger.error("supporter pages view failed", { name: (e as Error)?.name });
      fetchError = m.fetchFailed;
    }
  }

  const filtered = Boolean(fundraiserId || status);
  const csvHref = `/api/organizations/${encodeURIComponent(organizationId)}/supporter-pages.csv${fundraiserId ? `?campaignId=${encodeURIComponent(fundraiserId)}` : ""}`;
  const fundraiserName = (id: string) => view?.fundraisers.find((f) => f.id === id)?.name ?? "";

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Supporter pages</h1>
          <p className="mt-1 text-ink-muted">Supporters raise money for your fundraisers on pages of their own. Every gift goes to your organization.</p>
        </div>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          Back to your dashboard
        </LinkButton>
      </div>

      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/supporter-pages" />
        {fetchError ? <Alert variant="error">{fetchError}</Alert> : null}

        {view && view.fundraisers.length === 0 ? <EmptyState title={m.noFundraisers} /> : null}

        {view && view.fundraisers.length > 0 ? (
          <>
            <Card as="section" aria-labelledby="supporter-fundraisers-title">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h2 id="supporter-fundraisers-title" className="text-lg font-bold">
                    Your fundraisers
                  </h2>
                  <p className="mt-1 text-sm text-ink-muted">Turn supporter pages on, ask for approval of new pages, allow teams, and suggest a goal and story.</p>
                </div>
                <MessageSupportersDialog fundraisers={view.fundraisers.map((f) => ({ id: f.id, name: f.name }))} defaultFundraiserId={fundraiserId ?? view.pages[0]?.campaignId ?? view.fundraisers.find((f) => f.enabled)?.id ?? null} />
              </div>
              <ul className="mt-4 divide-y divide-slate-100" aria-label="Fundraisers">
                {view.fundraisers.map((f) => (
                  <li key={f.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-semibold break-words">
                        {f.name}
                        {f.status === "ended" ? <span className="ml-2 text-xs font-normal text-ink-muted">(ended)</span> : null}
                      </p>
                      <p className="text-sm text-ink-muted" data-testid={`supporter-settings-${f.id}`}>
                        {f.enabled ? "Supporter pages on" : "Supporter pages off"}
                        {f.enabled ? ` · ${f.needApproval ? "new pages need approval" : "new pages go live at once"} · ${f.teamsAllowed ? "teams allowed" : "no teams"}` : ""}
                        {f.enabled && f.suggestedGoalCents !== null ? ` · suggested goal ${formatCents(f.suggestedGoalCents)}` : ""}
                      </p>
                    </div>
                    <SupporterSettingsDialog fundraiser={f} />
                  </li>
                ))}
              </ul>
            </Card>

            <Card as="section" aria-labelledby="supporter-pages-title" className="min-w-0">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h2 id="supporter-pages-title" className="text-lg font-bold">
                    Pages
                  </h2>
                  <p role="status" className="mt-1 text-sm text-ink-muted" data-testid="supporter-page-count">
                    {view.pages.length.toLocaleString("en-US")} page{view.pages.length === 1 ? "" : "s"}
                    {filtered ? " match these filters" : ""}.
                  </p>
                </div>
                {view.pages.length > 0 ? (
                  <a href={csvHref} download className={buttonClasses({ variant: "outline", size: "sm" })}>
                    <Download className="size-4" aria-hidden="true" />
                    Download CSV
                  </a>
                ) : null}
              </div>

              <form method="get" action="/manage-pay/supporter-pages" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
                <div>
                  <label htmlFor="supporter-filter-fundraiser" className="mb-1.5 block text-sm font-semibold text-ink">
                    Fundraiser
                  </label>
                  <select id="supporter-filter-fundraiser" name="campaignId" defaultValue={fundraiserId ?? ""} className={cn(controlClasses, "h-11", controlStateClasses(false))}>
                    <option value="">All fundraisers</option>
                    {view.fundraisers.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="supporter-filter-status" className="mb-1.5 block text-sm font-semibold text-ink">
                    Status
                  </label>
                  <select id="supporter-filter-status" name="status" defaultValue={status ?? ""} className={cn(controlClasses, "h-11", controlStateClasses(false))}>
                    <option value="">Any status</option>
                    {SUPPORTER_PAGE_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {supporterPageStatusLabel(s)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="flex gap-2">
                  <Button type="submit">Apply</Button>
                  {filtered ? (
                    <LinkButton href="/manage-pay/supporter-pages" variant="ghost">
                      Clear
                    </LinkButton>
                  ) : null}
                </div>
              </form>

              <div className="mt-5">
                {view.pages.length === 0 ? (
                  <EmptyState title={filtered ? m.noPagesMatch : m.noPagesYet} />
                ) : (
                  <SupporterPageList pages={view.pages} caption={fundraiserId ? `Supporter pages of ${fundraiserName(fundraiserId)}` : "Supporter pages"} />
                )}
              </div>
            </Card>

            <Card as="section" aria-labelledby="supporter-teams-title" className="min-w-0">
              <h2 id="supporter-teams-title" className="text-lg font-bold">
                Teams
              </h2>
              {view.teams.length === 0 ? (
                <p className="mt-2 text-sm text-ink-muted">No teams yet.</p>
              ) : (
                <>
                  <table className="mt-4 hidden w-full text-left text-sm md:table" data-testid="supporter-team-table">
                    <caption className="sr-only">Teams with their totals</caption>
                    <thead className="border-b border-slate-200 text-ink-muted">
                      <tr>
                        <th scope="col" className="py-2 pr-3 font-semibold">Team</th>
                        <th scope="col" className="py-2 pr-3 font-semibold">Fundraiser</th>
                        <th scope="col" className="py-2 pr-3 text-right font-semibold">Pages</th>
                        <th scope="col" className="py-2 pr-3 text-right font-semibold">Raised</th>
                        <th scope="col" className="py-2 pr-3 text-right font-semibold">Gifts</th>
                        <th scope="col" className="py-2 font-semibold">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {view.teams.map((t) => (
                        <tr key={t.id} className="border-b border-slate-100 align-top">
                          <td className="py-2.5 pr-3 font-semibold break-words">{t.name}</td>
                          <td className="py-2.5 pr-3">{t.fundraiserName}</td>
                          <td className="py-2.5 pr-3 text-right tabular-nums">{t.pageCount.toLocaleString("en-US")}</td>
                          <td className="py-2.5 pr-3 text-right whitespace-nowrap">
                            <span className="font-semibold tabular-nums">{formatCents(t.raisedCents)}</span>
                            <span className="text-ink-muted"> of {formatCents(t.goalCents)}</span>
                          </td>
                          <td className="py-2.5 pr-3 text-right tabular-nums">{t.giftCount.toLocaleString("en-US")}</td>
                          <td className="py-2.5">
                            <SupporterStatusBadge status={t.status} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <ul className="mt-4 space-y-3 md:hidden" aria-label="Teams with their totals">
                    {view.teams.map((t) => (
                      <li key={t.id} className="rounded-card border border-slate-200 p-4">
                        <div className="flex items-start justify-between gap-3">
                          <div className="min-w-0">
                            <p className="font-semibold break-words">{t.name}</p>
                            <p className="text-xs text-ink-muted">{t.fundraiserName}</p>
                          </div>
                          <SupporterStatusBadge status={t.status} />
                        </div>
                        <p className="mt-2 text-sm">
                          <span className="font-semibold tabular-nums">{formatCents(t.raisedCents)}</span>
                          <span className="text-ink-muted">
                            {" "}
                            of {formatCents(t.goalCents)} · {t.giftCount.toLocaleString("en-US")} gift{t.giftCount === 1 ? "" : "s"} · {t.pageCount.toLocaleString("en-US")} page{t.pageCount === 1 ? "" : "s"}
                          </span>
                        </p>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </Card>
          </>
        ) : null}
      </div>
    </section>
  );
}
