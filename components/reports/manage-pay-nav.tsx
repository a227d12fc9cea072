/** Tabs of Manage Donations: the report, analytics, donors, supporter pages, budgets and thank-you emails; the report's filters carry over to analytics. */
import Link from "next/link";
import { cn } from "@/components/ui/cn";

const tabs = [
  { href: "/manage-pay", label: "Donations" },
  { href: "/manage-pay/analytics", label: "Analytics" },
  { href: "/manage-pay/donors", label: "Donors" },
  { href: "/manage-pay/supporter-pages", label: "Supporter pages" },
  { href: "/manage-pay/budgets", label: "Budgets" },
  { href: "/manage-pay/thank-you", label: "Thank-you emails" },
] as const;

export function ManagePayNav({ current, query }: { current: (typeof tabs)[number]["href"]; query?: string }) {
  return (
    <nav aria-label="Manage Donations sections" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((t) => {
          const active = t.href === current;
          const href = query && (t.href === "/manage-pay" || t.href === "/manage-pay/analytics") ? `${t.href}?${query}` : t.href;
          return (
            <li key={t.href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-700",
                  active ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:text-ink",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
