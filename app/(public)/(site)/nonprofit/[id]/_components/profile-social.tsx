"use client";

/**
 * The owner's website and social media links, saved with PUT /api/updateNPSocialMedias.
 * Addresses without a scheme get "https://"; a field left empty removes that link.
 */
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/input";
import { socialNetworks, updateSocialMediasSchema, type SocialNetwork } from "@/lib/validations/organization";
import { FormActions, SaveAnnouncer, SectionHeader, useSectionSave } from "./profile-edit-kit";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";

const labels: Record<SocialNetwork, { label: string; placeholder: string }> = {
  website: { label: "Website", placeholder: "example.org" },
  facebook: { label: "Facebook", placeholder: "facebook.com/your-page" },
  twitter: { label: "X (Twitter)", placeholder: "x.com/your-handle" },
  instagram: { label: "Instagram", placeholder: "instagram.com/your-handle" },
  linkedin: { label: "LinkedIn", placeholder: "linkedin.com/company/your-page" },
  youtube: { label: "YouTube", placeholder: "youtube.com/@your-channel" },
};

type Draft = Record<SocialNetwork, string>;
const draftOf = (links: Record<string, string>): Draft =>
  Object.fromEntries(socialNetworks.map((k) => [k, links[k] ?? ""])) as Draft;

export function ProfileSocial({ organizationId, initial, view }: { organizationId: string; initial: Record<string, string>; view: ReactNode }) {
  const { state, setState, editButtonRef, formRef, alert, setAlert, savedAt, save } = useSectionSave();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Draft>>({});

  const reset = () => {
    setDraft(draftOf(initial));
    setErrors({});
    setAlert(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state === "saving") return;
    const parsed = updateSocialMediasSchema.safeParse({ npID: organizationId, ...draft });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, topField));
      return;
    }
    setErrors({});
    await save("/api/updateNPSocialMedias", parsed.data);
  };

  return (
    <Card as="section" aria-labelledby="social-edit-heading">
      <SectionHeader
        title="Find us online"
        headingId="social-edit-heading"
        editLabel="Edit website and social links"
        state={state}
        onEdit={() => {
          reset();
          setState("edit");
        }}
        editButtonRef={editButtonRef}
      />
      <SaveAnnouncer state={state} savedAt={savedAt} />
      {state === "view" ? (
        view
      ) : (
        <form method="post" ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-3" aria-label="Edit website and social links" aria-busy={state === "saving"}>
          {alert ? <Alert variant="error">{alert}</Alert> : null}
          {socialNetworks.map((k) => (
            <TextField
              key={k}
              label={labels[k].label}
              type="url"
              inputMode="url"
              placeholder={labels[k].placeholder}
              maxLength={500}
              value={draft[k]}
              onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
              error={errors[k]}
              disabled={state === "saving"}
            />
          ))}
          <p className="text-sm text-ink-muted">Leave a field empty to remove that link.</p>
          <FormActions
            state={state}
            onCancel={() => {
              reset();
              setState("view");
            }}
          />
        </form>
      )}
    </Card>
  );
}
