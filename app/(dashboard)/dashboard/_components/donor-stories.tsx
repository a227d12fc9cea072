"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ImageUpload } from "@/components/image-upload";
import { ShareButton } from "@/components/share/share-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { MyStory } from "@/lib/services/stories/impact-stories";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

const statusText = { approved: "Published", pending: "Waiting for approval", declined: "Declined" } as const;

/**
 * Impact stories on the donor dashboard: write a story about a nonprofit you supported (it
 * appears on the nonprofit's profile once approved), add a photo to it with the image
 * widget, and share published ones.
 */
export function DonorStories({ stories, organizations, origin }: { stories: MyStory[]; organizations: { id: string; name: string }[]; origin: string }) {
  const router = useRouter();
  const [organizationId, setOrganizationId] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      const res = await requestJson("/api/stories", { method: "POST", body: { organizationId, title, body } });
      if (res.ok) {
        setTitle("");
        setBody("");
        setErrors({});
        setMessage({ kind: "success", text: "Thank you! Your story will appear once the nonprofit approves it. You can add a photo to it below." });
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
    <section aria-labelledby="stories-heading" className="mt-8 rounded-card border border-slate-200 bg-white p-5">
      <h2 id="stories-heading" className="text-lg font-semibold text-ink">
        Impact stories
      </h2>
      {organizations.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{messages.donor.notSupported}</p>
      ) : (
        <form method="post" onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Write an impact story">
          <Select
            label="Nonprofit"
            placeholder="Choose a nonprofit you supported"
            options={organizations.map((o) => ({ value: o.id, label: o.name }))}
            value={organizationId}
            onChange={(e) => setOrganizationId(e.target.value)}
            error={errors.organizationId}
          />
          <TextField label="Title" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
          <TextAreaField label="Your story" rows={4} value={body} maxLength={5000} onChange={(e) => setBody(e.target.value)} error={errors.body} />
          {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
          <Button type="submit" loading={saving} loadingLabel="Sending...">
            Submit story
          </Button>
        </form>
      )}
      {stories.length > 0 ? (
        <ul className="mt-6 space-y-3" aria-label="Your stories">
          {stories.map((s) => (
            <li key={s.id} className="rounded-control bg-surface-sunken p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-ink">
                  {s.title} <span className="font-normal text-ink-muted">· {s.organization}</span>
                </p>
                <span className="text-sm text-ink-muted">{statusText[s.status]}</span>
              </div>
              <p className="mt-1 line-clamp-3 text-sm text-ink">{s.body}</p>
              <ImageUpload
                field="storyImage"
                identifier={s.id}
                currentUrl={s.imageUrl}
                label={`photo for “${s.title}”`}
                aspect="wide"
                preview="banner"
                previewSize={224}
                allowDelete
                onUploaded={() => router.refresh()}
                onDeleted={() => router.refresh()}
                className="mt-3"
              />
              {s.status === "approved" ? (
                <ShareButton size="sm" title={`Share: ${s.title}`} url={`${origin}/nonprofit/${s.organizationId}`} text={s.title} className="mt-2" />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
