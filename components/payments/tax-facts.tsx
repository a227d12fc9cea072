import { BadgeCheck, Info } from "lucide-react";
import type { TaxStatus } from "@/lib/directory/tax-status";

/**
 * Who receives the gift, as the IRS knows it: the organization's EIN, its 501(c) status and
 * whether the gift is tax-deductible in plain words (lib/directory/tax-status.ts). Shown on the
 * checkout page and in the embedded donate form.
 */
export function TaxFacts({ name, einFormatted, tax }: { name: string; einFormatted: string | null; tax: TaxStatus }) {
  const Icon = tax.deductible ? BadgeCheck : Info;
  // "Vermont Land Trust is a 501(c)(3) nonprofit, EIN 03-0264836."
  const who = [tax.status ? `${name} is a ${tax.status}` : null, einFormatted ? `EIN ${einFormatted}` : null].filter(Boolean).join(", ");
  return (
    <section aria-label="Tax status" className="rounded-card border border-slate-200 bg-white p-4 text-sm" data-testid="tax-facts">
      <p className="flex items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <strong className="font-semibold text-ink" data-testid="deductibility">
            {tax.sentence}
          </strong>{" "}
          {who ? <span className="text-ink-muted" data-testid="tax-who">{who}.</span> : null}
        </span>
      </p>
    </section>
  );
}
