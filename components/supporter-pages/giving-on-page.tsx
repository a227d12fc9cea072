import Link from "next/link";
import { HeartHandshake } from "lucide-react";
import type { CheckoutSupporterPage } from "@/lib/services/supporter-pages/public-supporter-pages";

/** The donate page's note that the gift is made on a supporter's page (it still goes to the organization). */
export function GivingOnPage({ page, organizationName, newTab = false }: { page: CheckoutSupporterPage; organizationName: string; newTab?: boolean }) {
  return (
    <p className="mt-4 flex items-start gap-2 rounded-card border border-brand-200 bg-brand-50 p-3 text-sm text-ink" data-testid="giving-on-page">
      <HeartHandshake className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        You are giving on {page.supporterName}&apos;s page{" "}
        <Link href={page.path} className="font-semibold text-brand-700 underline-offset-4 hover:underline" {...(newTab ? { target: "_blank", rel: "noopener" } : {})}>
          “{page.title}”
        </Link>
        . Your gift goes to {organizationName}.
      </span>
    </p>
  );
}
