"use client";

import { Download } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import type { VolunteerEntry, VolunteerTotals } from "@/lib/services/volunteering/volunteer-hours";
import { requestJson } from "@/lib/client/request";

type Org = { _id: string; name: string; city: string | null; state: string | null };
const statusText = { approved: "Verified", pending: "Pending", declined: "Declined" } as const;
const hours = (m: number) => `${Number((m / 60).toFixed(2))}`;

/**
 * Volunteer hours on the donor dashboard: log hours (organization, date, hours, what you did),
 * see entries and totals by organization and year (verified versus pending), export CSV/PDF.
 */
export function DonorVolunteer({ entries, totals }: { entries: VolunteerEntry[]; totals: VolunteerTotals[] }) {
  const router = useRouter();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Org[]>([]);
  const [org, setOrg] = useState<Org | null>(null);
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [hoursValue, setHoursValue] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function search() {
    if (query.trim().length < 2) return;
    const res = await requestJson<{ results?: Org[] }>(`/api/search/nonprofit?search_query=${encodeURIComponent(query.trim())}&limit=8`);
    setResults(res.ok ? (res.data.results ?? []) : []);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!org) return setErrors({ organizationId: "Choose the organization you volunteered with" });
    setSaving(true);
    try {
      const res = await requestJson("/api/volunteer", { method: "POST", body: { organizationId: org._id, date, hours: hoursValue, description } });
      if (res.ok) {
        setErrors({});
        setHoursValue("");
        setDescription("");
        setMessage({ kind: "success", text: `Logged. ${org.name} will verify your hours.` });
        router.refresh();
        return;
      }
      setErrors(res.fields);
      setMessage({ kind: "error", text: res.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="volunteer-heading" className="mt-8 rounded-card border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="volunteer-heading" className="text-lg font-semibold text-ink">
          Volunteer hours
        </h2>
        <div className="flex gap-2">
          <LinkButton href="/api/volunteer/export?format=csv" variant="outline" size="sm" leftIcon={<Download className="size-4" aria-hidden="true" />}>
            CSV
          </LinkButton>
          <LinkButton href="/api/volunteer/export?format=pdf" variant="outline" size="sm" leftIcon={<Download className="size-4" aria-hidden="true" />}>
            PDF
          </LinkButton>
        </div>
      </div>

      <form method="post" onSubmit={submit} noValidate className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Log volunteer hours">
        <div className="md:col-span-2">
          {org ? (
            <p className="text-sm">
              Organization: <strong>{org.name}</strong>{" "}
              <Button variant="link" size="sm" onClick={() => setOrg(null)}>
                Change
              </Button>
            </p>
          ) : (
            <div className="flex items-end gap-2">
              <TextField
                containerClassName="flex-1"
                label="Organization"
                placeholder="Search by name"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    void search();
                  }
                }}
                error={errors.organizationId}
              />
              <Button variant="secondary" onClick={search}>
                Find
              </Button>
            </div>
          )}
          {!org && results.length > 0 ? (
            <ul className="mt-2 divide-y divide-slate-100 rounded-control border border-slate-200" aria-label="Organizations found">
              {results.map((r) => (
                <li key={r._id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left hover:bg-brand-50"
                    onClick={() => {
                      setOrg(r);
                      setResults([]);
                      setErrors({});
                    }}
                  >
                    <span className="font-medium">{r.name}</span>
                    <span className="ml-2 text-sm text-ink-muted">{[r.city, r.state].filter(Boolean).join(", ")}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} />
        <TextField label="Hours" type="number" min="0.25" max="24" step="0.25" value={hoursValue} onChange={(e) => setHoursValue(e.target.value)} error={errors.hours} />
        <TextAreaField
          containerClassName="md:col-span-2"
          label="What you did"
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <div className="md:col-span-2">
          {message ? <Alert variant={message.kind} className="mb-3">{message.text}</Alert> : null}
          <Button type="submit" loading={saving} loadingLabel="Saving...">
            Log hours
          </Button>
        </div>
      </form>

      {totals.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-ink">Totals by organization and year</caption>
            <thead className="text-ink-muted">
              <tr>
                <th className="py-1 pr-4 font-medium">Year</th>
                <th className="py-1 pr-4 font-medium">Organization</th>
                <th className="py-1 pr-4 font-medium">Verified</th>
                <th className="py-1 font-medium">Pending</th>
              </tr>
            </thead>
            <tbody>
              {totals.map((t) => (
                <tr key={`${t.organization}-${t.year}`} className="border-t border-slate-100">
                  <td className="py-1 pr-4">{t.year}</td>
                  <td className="py-1 pr-4">{t.organization}</td>
                  <td className="py-1 pr-4">{hours(t.verifiedMinutes)} h</td>
                  <td className="py-1">{hours(t.pendingMinutes)} h</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {entries.length > 0 ? (
        <ul className="mt-6 space-y-2" aria-label="Logged hours">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-control bg-surface-sunken px-3 py-2 text-sm">
              <span>
                <strong>{e.date}</strong> · {e.organization} · {hours(e.minutes)} h · {e.description}
              </span>
              <span className={e.status === "approved" ? "font-semibold text-emerald-800" : e.status === "declined" ? "text-red-800" : "text-amber-800"}>
                {statusText[e.status]}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-sm text-ink-muted">No volunteer hours logged yet.</p>
      )}
    </section>
  );
}
