"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import { updateNoticeSchema } from "@/lib/validations/update-notice";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { requestJson } from "@/lib/client/request";

export type NoticeRow = { _id: string; title: string; description: string; link: string | null; createdAt: string };

type Draft = { title: string; description: string; link: string };
const empty: Draft = { title: "", description: "", link: "" };

/** What's New notices: publish, edit and delete through createUpdate, updateUpdate and deleteUpdate. */
export function UpdatesManager({ notices }: { notices: NoticeRow[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function call(url: string, method: "POST" | "PUT" | "DELETE", body?: unknown) {
    setBusy(true);
    setError(null);
    try {
      const res = await requestJson(url, { method, body: body || undefined });
      if (!res.ok) {
        setError(res.message);
        return false;
      }
      router.refresh();
      return true;
    } finally {
      setBusy(false);
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = updateNoticeSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, topField));
      return;
    }
    setErrors({});
    const ok = editing ? await call("/api/updateUpdate", "PUT", { _id: editing, ...draft }) : await call("/api/createUpdate", "POST", draft);
    if (ok) {
      setDraft(empty);
      setEditing(null);
    }
  }

  return (
    <div className="space-y-5">
      <form method="post" onSubmit={save} noValidate className="space-y-3 rounded-control border border-slate-200 bg-slate-50 p-4">
        <p className="font-semibold">{editing ? "Edit update notice" : "New update notice"}</p>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <TextField label="Title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={errors.title} maxLength={200} />
        <TextAreaField
          label="Description"
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          error={errors.description}
          rows={3}
          maxLength={2000}
        />
        <TextField label="Link (optional)" type="url" value={draft.link} onChange={(e) => setDraft({ ...draft, link: e.target.value })} error={errors.link} placeholder="https://" />
        <div className="flex gap-2">
          <Button type="submit" size="sm" loading={busy}>
            {editing ? "Save changes" : "Publish"}
          </Button>
          {editing ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(null);
                setDraft(empty);
                setErrors({});
              }}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      {notices.length === 0 ? (
        <p className="text-sm text-ink-muted">No update notices yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Update notices">
          {notices.map((n) => (
            <li key={n._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words">{n.title}</p>
                <p className="text-sm break-words text-ink-muted">{n.description}</p>
                {n.link ? <p className="text-sm break-all text-brand-700">{n.link}</p> : null}
                <p className="text-xs text-ink-muted">{n.createdAt}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${n.title}`}
                  onClick={() => {
                    setEditing(n._id);
                    setDraft({ title: n.title, description: n.description, link: n.link ?? "" });
                  }}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Delete ${n.title}`}
                  disabled={busy}
                  onClick={() => {
                    if (window.confirm(`Delete "${n.title}"?`)) void call(`/api/deleteUpdate/${n._id}`, "DELETE");
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
