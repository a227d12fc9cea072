import type { Metadata } from "next";
import Link from "next/link";
import { Flag } from "lucide-react";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { SupporterPageStatusBadge } from "@/components/supporter-pages/status-badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUserPage } from "@/lib/http/session";
import { formatCents } from "@/lib/money";
import { listMySupporterPages } from "@/lib/services/supporter-pages/supporter-pages";

export const metadata: Metadata = { title: "My fundraising pages" };

/** /fundraising-pages — the signed-in supporter's own pages for fundraisers, with their totals. */
export default async function MyFundraisingPages() {
  const actor = await requireUserPage("/fundraising-pages");
  const pages = await listMySupporterPages({ actor });
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">My fundraising pages</h1>
      <p className="mt-2 text-ink-muted">Pages you started to raise money for a nonprofit&apos;s fundraiser. Every gift goes to the nonprofit.</p>
      {pages.length === 0 ? (
        <EmptyState className="mt-8" icon={<Flag />} title="No fundraising pages yet" description="Open a fundraiser that welcomes supporters and choose “Start your own fundraiser”." />
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-2" data-testid="my-supporter-pages">
          {pages.map((p) => (
            <li key={p.id}>
              <Card className="h-full space-y-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm text-ink-muted">{p.fundraiserName}</p>
                    <Link href={`/fundraising-pages/${encodeURIComponent(p.id)}`} className="text-lg font-bold break-words text-brand-700 hover:underline">
                      {p.title}
                    </Link>
                  </div>
                  <SupporterPageStatusBadge status={p.status} />
                </div>
                <p className="text-ink">
                  <span className="font-bold tabular-nums">{formatCents(p.raisedCents)}</span> of {formatCents(p.goalCents)} · {p.giftCount} {p.giftCount === 1 ? "gift" : "gifts"}
                  {p.team ? ` · Team ${p.team.name}` : ""}
                </p>
                <FundraiserProgress name={p.title} progressCents={p.raisedCents} goalCents={p.goalCents} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
