/**
 * The "Recent supporters" list of a fundraiser, a supporter page or a team: first name and last
 * initial of donors who shared their name, with the day (UTC) the gift succeeded. Server
 * component; the names come already filtered by the service (publicSupporterName).
 */
export function RecentSupporters({ supporters, giftCount, emptyText, hiddenText }: { supporters: { name: string; at: string }[]; giftCount: number; emptyText: string; hiddenText: string }) {
  return (
    <section aria-labelledby="supporters-title" className="min-w-0 lg:col-start-1">
      <h2 id="supporters-title" className="text-xl font-bold text-ink">
        Recent supporters
      </h2>
      {supporters.length ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="recent-supporters">
          {supporters.map((s, i) => (
            <li key={i} className="flex items-center gap-3 rounded-control border border-slate-200 bg-white px-3 py-2">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                {s.name.charAt(0)}
              </span>
              <span className="min-w-0">
                <span className="block font-semibold break-words text-ink">{s.name}</span>
                <time dateTime={s.at} className="text-sm text-ink-muted">
                  {new Date(s.at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}
                </time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-muted">{giftCount > 0 ? hiddenText : emptyText}</p>
      )}
    </section>
  );
}

/** A story as paragraphs of plain text (blank lines separate them; line breaks kept). Never markup. */
export function PlainStory({ story, testId }: { story: string; testId?: string }) {
  return (
    <div className="mt-3 space-y-4 text-lg leading-relaxed break-words text-ink" data-testid={testId}>
      {story
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p.trim()}
          </p>
        ))}
    </div>
  );
}
