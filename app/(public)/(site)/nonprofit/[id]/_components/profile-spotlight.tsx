"use client";

/**
 * The owner's spotlight card: an image cropped at the spec's 1.5 spotlight ratio (uploaded at
 * once by the image widget), a title and a description. Opening the editor loads the card with
 * GET /api/getSpotlight; Save sends PUT /api/updateSpotlight (empty fields are removed from
 * the card, the image stays as the widget left it).
 */
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ImageUpload } from "@/components/image-upload";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { TextAreaField, TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { SpotlightCard } from "@/lib/services/organizations/spotlight";
import { updateSpotlightSchema } from "@/lib/validations/organization";
import { FormActions, SaveAnnouncer, SectionHeader, sendJson, useSectionSave } from "./profile-edit-kit";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";

type Draft = { title: string; description: string };
const draftOf = (s: SpotlightCard | null): Draft => ({ title: s?.title ?? "", description: s?.description ?? "" });

export function ProfileSpotlight({ organizationId, initial, view }: { organizationId: string; initial: SpotlightCard | null; view: ReactNode }) {
  const router = useRouter();
  const { state, setState, editButtonRef, formRef, alert, setAlert, savedAt, save } = useSectionSave();
  const [loading, setLoading] = useState(false);
  const [imageUrl, setImageUrl] = useState<string | null>(initial?.imageUrl ?? null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Draft>>({});

  const open = async () => {
    setErrors({});
    setAlert(null);
    setDraft(draftOf(initial));
    setLoading(true);
    setState("edit");
    const result = await sendJson<{ spotlight: SpotlightCard | null }>(`/api/getSpotlight?npID=${encodeURIComponent(organizationId)}`, "GET");
    setLoading(false);
    if (result.ok) {
      setDraft(draftOf(result.data.spotlight));
      setImageUrl(result.data.spotlight?.imageUrl ?? null);
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state === "saving") return;
    const parsed = updateSpotlightSchema.safeParse({ npID: organizationId, ...draft });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, topField));
      return;
    }
    setErrors({});
    await save("/api/updateSpotlight", parsed.data);
  };

  return (
    <Card as="section" aria-labelledby="spotlight-edit-heading">
      <SectionHeader title="Spotlight" headingId="spotlight-edit-heading" editLabel="Edit spotlight" state={state} onEdit={() => void open()} editButtonRef={editButtonRef} />
      <SaveAnnouncer state={state} savedAt={savedAt} />
      {state === "view" ? (
        view ?? <p className="mt-3 text-sm text-ink-muted">Feature a project, a person or a moment with a picture and a few words.</p>
      ) : (
        <form method="post" ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Edit spotlight" aria-busy={state === "saving" || loading}>
          {loading ? <Spinner /> : null}
          {alert ? <Alert variant="error">{alert}</Alert> : null}
          <TextField
            label="Spotlight title"
            maxLength={120}
            value={draft.title}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            error={errors.title}
            disabled={state === "saving" || loading}
          />
          <TextAreaField
            label="Spotlight description"
            rows={4}
            maxLength={1000}
            value={draft.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            error={errors.description}
            disabled={state === "saving" || loading}
          />
          <div>
            <p className="mb-1.5 text-sm font-semibold text-ink">Spotlight image</p>
            <ImageUpload
              field="spotlightImage"
              identifier={organizationId}
              currentUrl={imageUrl}
              label="spotlight image"
              aspect="spotlight"
              preview="banner"
              previewSize={240}
              className="items-start"
              onUploaded={(r) => {
                setImageUrl(r.url);
                router.refresh();
              }}
              onDeleted={() => {
                setImageUrl(null);
                router.refresh();
              }}
            />
            <p className="mt-1.5 text-sm text-ink-muted">The image is saved as soon as it is cropped.</p>
          </div>
          <FormActions
            state={state}
            onCancel={() => {
              setDraft(draftOf(initial));
              setErrors({});
              setAlert(null);
              setState("view");
            }}
          />
        </form>
      )}
    </Card>
  );
}
