import { Handshake } from "lucide-react";
import { Card, CardTitle } from "@/components/ui/card";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { listBusinessesNearOrganization } from "@/lib/services/business/list-business-signups";

const interestLabel: Record<string, string> = { sponsoring: "Sponsoring", matching: "Matching gifts", both: "Sponsoring and matching gifts" };

/**
 * Nonprofit dashboard card: businesses that signed up to sponsor or match gifts in the
 * organization's state (server component; the service checks the nonprofit actor).
 */
export async function InterestedBusinessesCard({ user }: { user: Actor }) {
  if (!can(user, "organization.update", { organizationId: user.organizationId })) return null;
  const { state, businesses } = await listBusinessesNearOrganization({ actor: user, limit: 5 });
  return (
    <Card as="section" aria-labelledby="businesses-near-title">
      <CardTitle as="h2">
        <span id="businesses-near-title" className="inline-flex items-center gap-2">
          <Handshake className="size-5 text-accent-700" aria-hidden="true" />
          Businesses ready to help{state ? ` in ${state}` : ""}
        </span>
      </CardTitle>
      {businesses.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          No business in your state has signed up to sponsor or match gifts yet. Local businesses can sign up at{" "}
          <a href="/business" className="text-brand-700 underline">
            /business
          </a>
          .
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {businesses.map((b) => (
            <li key={b._id} className="py-2">
              <p className="font-semibold break-words">{b.businessName}</p>
              <p className="text-sm break-words text-ink-muted">
                {[b.city, interestLabel[b.interest ?? ""] ?? null].filter(Boolean).join(" · ")}
                {" · "}
                <a href={`mailto:${b.email}`} className="text-brand-700 underline">
                  Contact {b.contactName}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
