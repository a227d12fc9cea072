/**
 * "What the IRS file says" and "Nearby" on a nonprofit's public profile: the EO BMF
 * facts (revenue and assets with their tax period, deductibility, foundation type, ruling year,
 * legal name) and similar organizations close by. Each renders nothing when there is nothing to show.
 */
import Link from "next/link";
import { Card, CardTitle } from "@/components/ui/card";
import { getIrsFacts, listNearbyOrganizations } from "@/lib/services/organizations/irs-facts";

const dollars = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Async server component: the IRS facts of `organizationId`, or null without an IRS record. */
export async function IrsFactsCard({ organizationId }: { organizationId: string }) {
  const f = await getIrsFacts({ organizationId });
  if (!f) return null;
  const period = f.taxPeriod ? ` (tax period ending ${f.taxPeriod})` : "";
  const rows: [string, string | null][] = [
    ["Legal name", f.legalName],
    ["Revenue", f.revenueDollars !== null ? `${dollars(f.revenueDollars)}${period}` : null],
    ["Assets", f.assetDollars !== null ? `${dollars(f.assetDollars)}${period}` : null],
    ["Deductibility", f.deductibility],
    ["Foundation type", f.foundation],
    ["Tax-exempt since", f.rulingYear ? String(f.rulingYear) : null],
    ["NTEE code", f.ntee],
  ];
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]));
  if (!shown.length) return null;
  return (
    <Card>
      <CardTitle as="h2">What the IRS file says</CardTitle>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink-muted">{label}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-ink-muted">From the IRS Exempt Organizations Business Master File.</p>
    </Card>
  );
}

/** Async server component: up to five organizations of the same NTEE major group nearby, or null. */
export async function NearbyOrganizations({ organizationId }: { organizationId: string }) {
  const nearby = await listNearbyOrganizations({ organizationId });
  if (!nearby.length) return null;
  return (
    <Card>
      <CardTitle as="h2">Nearby</CardTitle>
      <ul className="mt-3 space-y-2 text-sm">
        {nearby.map((n) => (
          <li key={n._id} className="flex flex-wrap justify-between gap-2">
            <Link href={`/nonprofit/${n._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {n.name}
            </Link>
            <span className="text-ink-muted">
              {[n.city, n.state].filter(Boolean).join(", ")} · {n.distanceMiles} mi
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
