import { Eye } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import type { Actor } from "@/lib/auth/actor";
import { logger } from "@/lib/logger";
import { listMyDisclosures, type DisclosedField, type MyDisclosure } from "@/lib/services/donor-relationships/disclosures";
import { formatInTimeZone } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";
import type { DisclosureChannel } from "@/models";

const m = messages.sharingLog;

const CHANNEL_LABELS: Record<DisclosureChannel, string> = {
  donors_view: "Donor list",
  donor_page: "Your donor page",
  donors_csv: "Donors CSV",
  api: "Integration",
};

const FIELD_LABELS: Record<DisclosedField, string> = {
  name: "Name",
  email: "Email",
  telephone: "Telephone",
  location: "Location",
  gender: "Gender",
  age: "Age range",
};

const isList = (e: MyDisclosure) => e.channel === "donors_view" || e.channel === "donors_csv";

/**
 * The donor's sharing log on their dashboard (spec section 1: donors choose which details are
 * shared with nonprofits): the newest reads of their shared fields by the organizations they gave
 * to, with the organization, where it was read, the fields shown and when (UTC).
 */
export async function DonorSharingLog({ actor }: { actor: Actor }) {
  let entries: MyDisclosure[] | null = null;
  try {
    entries = await listMyDisclosures({ actor, userId: actor.id });
  } catch (e) {
    logger.error("sharing log failed", { name: (e as Error)?.name });
  }
  return (
    <section aria-labelledby="sharing-log-heading" className="mt-8">
      <h2 id="sharing-log-heading" className="text-lg font-semibold text-ink">
        {m.title}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-ink-muted">{m.intro}</p>
      {entries === null ? (
        <Alert variant="error" className="mt-3">
          {m.fetchFailed}
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState className="mt-3" icon={<Eye />} title={m.empty} />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-card border border-slate-200 bg-white" data-testid="sharing-log">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="flex flex-col gap-1 p-4 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">
                  {e.organizationName}
                  <span className="font-normal text-ink-muted">
                    {" "}
                    · {CHANNEL_LABELS[e.channel]}
                    {e.byIntegration ? ` ${m.byIntegration}` : ""}
                  </span>
                </p>
                <p className="text-ink">{e.fields.map((f) => FIELD_LABELS[f]).join(", ")}</p>
                {isList(e) ? <p className="text-xs text-ink-muted">{m.listNote}</p> : null}
              </div>
              <time dateTime={e.at} className="shrink-0 text-ink-muted tabular-nums">
                {formatInTimeZone(e.at, "UTC")}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The log's place while it loads. */
export function DonorSharingLogSkeleton() {
  return (
    <section aria-labelledby="sharing-log-heading" aria-busy="true" className="mt-8">
      <h2 id="sharing-log-heading" className="text-lg font-semibold text-ink">
        {m.title}
      </h2>
      <div className="mt-3 h-24 animate-pulse rounded-card border border-slate-200 bg-surface-muted" />
    </section>
  );
}
