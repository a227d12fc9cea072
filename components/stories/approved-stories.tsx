import { Quote } from "lucide-react";
import { listApprovedStories } from "@/lib/services/stories/impact-stories";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });

/**
 * Impact stories a nonprofit approved, for its public profile (server component). Renders
 * nothing when there are none. The author's name shows only when the donor shares it.
 */
export async function ApprovedStories({ organizationId, limit = 6 }: { organizationId: string; limit?: number }) {
  const stories = await listApprovedStories({ organizationId, limit });
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="impact-stories-title" className="mt-10">
      <h2 id="impact-stories-title" className="text-2xl font-bold text-ink">
        Impact stories
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {stories.map((s) => (
          <li key={s.id} className="rounded-card border border-slate-200 bg-white p-5">
            <Quote className="size-6 text-accent-600" aria-hidden="true" />
            <h3 className="mt-2 font-semibold text-ink">{s.title}</h3>
            {s.imageUrl?.startsWith("https://") || s.imageUrl?.startsWith("/") ? (
              // eslint-disable-next-line @next/next/no-img-element -- story images come from any configured storage host
              <img src={s.imageUrl} alt="" className="mt-3 max-h-60 w-full rounded-control object-cover" loading="lazy" />
            ) : null}
            <p className="mt-2 whitespace-pre-line text-ink">{s.body}</p>
            <p className="mt-3 text-sm text-ink-muted">
              {s.author} · {dateFormat.format(s.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
