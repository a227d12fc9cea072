"use client";
/**
 * The organization's private note and tags about one donor, saved with
 * PUT /api/organizations/{id}/donors/notes. Tags are typed separated by commas. The result is
 * announced by its Alert; a refused save also shows the server's message next to the field.
 * Never shown to the donor.
 */
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { controlClasses, controlStateClasses } from "@/components/ui/field";
import { requestJson } from "@/lib/client/request";
import { DONOR_NOTE_MAX } from "@/lib/validations/donor-relationships";
import { messages } from "@/lib/validations/messages";

type Saved = { donorKey: string; note: string; tags: string[] };

export function DonorNoteEditor({ organizationId, donorKey, note, tags }: { organizationId: string; donorKey: string; note: string; tags: string[] }) {
  const router = useRouter();
  const [noteText, setNoteText] = useState(note);
  const [tagText, setTagText] = useState(tags.join(", "));
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; fields: Record<string, string> } | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setResult(null);
    const body = { donorKey, note: noteText, tags: tagText.split(",").map((t) => t.trim()).filter(Boolean) };
    const res = await requestJson<Saved>(`/api/organizations/${encodeURIComponent(organizationId)}/donors/notes`, { method: "PUT", body, fallback: messages.donors.saveFailed });
    setSaving(false);
    if (res.ok) {
      setNoteText(res.data.note);
      setTagText(res.data.tags.join(", "));
      setResult({ ok: true, message: messages.donors.saved, fields: {} });
      // The page's summary shows the tags too.
      router.refresh();
    } else setResult({ ok: false, message: res.message, fields: res.fields });
  }

  const noteError = result && !result.ok ? result.fields.note : undefined;
  const tagsError = result && !result.ok ? Object.entries(result.fields).find(([k]) => k.startsWith("tags"))?.[1] : undefined;
  return (
    <form method="post" onSubmit={save} className="space-y-4" aria-describedby="donor-note-private">
      <p id="donor-note-private" className="text-sm text-ink-muted">
        Only your organization sees these. They are never shown to the donor.
      </p>
      <div>
        <label htmlFor="donor-note" className="mb-1.5 block text-sm font-semibold text-ink">
          Note
        </label>
        <textarea
          id="donor-note"
          name="note"
          rows={5}
          maxLength={DONOR_NOTE_MAX}
          value={noteText}
          onChange={(e) => setNoteText(e.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? "donor-note-error" : undefined}
          className={cn(controlClasses, "py-2.5", controlStateClasses(Boolean(noteError)))}
        />
        {noteError ? (
          <p id="donor-note-error" className="mt-1.5 text-sm text-red-700">
            {noteError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="donor-tags" className="mb-1.5 block text-sm font-semibold text-ink">
          Tags
        </label>
        <input
          id="donor-tags"
          name="tags"
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          aria-invalid={tagsError ? true : undefined}
          aria-describedby={tagsError ? "donor-tags-hint donor-tags-error" : "donor-tags-hint"}
          className={cn(controlClasses, "h-11", controlStateClasses(Boolean(tagsError)))}
        />
        <p id="donor-tags-hint" className="mt-1.5 text-sm text-ink-muted">
          Separate tags with commas, e.g. board, gala 2026.
        </p>
        {tagsError ? (
          <p id="donor-tags-error" className="mt-1.5 text-sm text-red-700">
            {tagsError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={saving}>
          Save note and tags
        </Button>
      </div>
      {/* The Alert is the announcement: role="status" on success, role="alert" on failure. */}
      {result ? <Alert variant={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
    </form>
  );
}
