import Link from "next/link";
import type { SiteLinks } from "@/lib/config/links";

/** The donor dashboard's footer: the current year's copyright and About us, Contact Us, Terms, Privacy. */
export function DashboardFooter({ links }: { links: SiteLinks }) {
  const items = [
    { label: "About us", href: links.aboutUs },
    { label: "Contact Us", href: links.contactUs },
    { label: "Terms", href: links.terms },
    { label: "Privacy", href: links.privacy },
  ];
  return (
    <footer className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-4 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
      <p>© {new Date().getFullYear()} Givebridge</p>
      <nav aria-label="Dashboard footer">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {items.map((i) => (
            <li key={i.label}>
              <Link href={i.href} className="hover:text-brand-700 hover:underline">
                {i.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
