import { HandHeart } from "lucide-react";
import { Card, CardTitle } from "@/components/ui/card";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { listStoriesForReview } from "@/lib/services/stories/impact-stories";
import { listHoursForReview } from "@/lib/services/volunteering/volunteer-hours";
import { ReviewButtons } from "./volunteer-review-buttons";

const hours = (m: number) => `${Number((m / 60).toFixed(2))}`;
const statusText = { approved: "Verified", pending: "Pending", declined: "Declined" } as const;
const storyStatusText = { approved: "Published", pending: "Waiting for approval", declined: "Declined" } as const;

/**
 * Nonprofit dashboard card: volunteer hours to verify or decline and impact stories to
 * approve before they appear on the public profile. Volunteers' names and emails show only
 * when the donor shares them (server component; the services check the nonprofit actor).
 */
export async function VolunteerReviewCard({ user }: { user: Actor }) {
  if (!can(user, "volunteerHours.verify", { organizationId: user.organizationId })) return null;
  const [entries, stories] = await Promise.all([listHoursForReview({ actor: user }), listStoriesForReview({ actor: user })]);
  return (
    <Card as="section" aria-labelledby="volunteer-review-title">
      <CardTitle as="h2">
        <span id="volunteer-review-title" className="inline-flex items-center gap-2">
          <HandHeart className="size-5 text-accent-700" aria-hidden="true" />
          Volunteers and stories
        </span>
      </CardTitle>
      <h3 className="mt-3 text-sm font-semibold text-ink">Volunteer hours</h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No volunteer hours have been logged with your organization yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Volunteer hours to review">
          {entries.slice(0, 20).map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-ink">
                  {e.date} · {hours(e.minutes)} h · {e.donorName ?? "A volunteer"}
                </span>
                <span className="block break-words text-ink-muted">{e.description}</span>
              </span>
              {e.status === "pending" ? (
                <ReviewButtons kind="volunteer" id={e.id} approveLabel="Verify" />
              ) : (
                <span className="text-ink-muted">{statusText[e.status]}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-ink">Impact stories</h3>
      {stories.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No donor has written a story about your organization yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Impact stories to review">
          {stories.slice(0, 20).map((s) => (
            <li key={s.id} className="py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-ink">
                  {s.title} <span className="font-normal text-ink-muted">· {s.donorName ?? "A donor"}</span>
                </span>
                {s.status === "pending" ? (
                  <ReviewButtons kind="stories" id={s.id} approveLabel="Approve" />
                ) : (
                  <span className="text-ink-muted">{storyStatusText[s.status]}</span>
                )}
              </div>
              <p className="mt-1 line-clamp-3 text-ink-muted">{s.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
