"use client";

/**
 * The owner's About section: mission and description, edited in place and saved with
 * PUT /api/updateNP (empty fields keep their current text, spec 5).
 */
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/input";
import { updateNpSchema } from "@/lib/validations/organization";
import { FormActions, SaveAnnouncer, SectionHeader, useSectionSave } from "./profile-edit-kit";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";

type About = { mission: string; description: string };

export function ProfileAbout({ organizationId, initial, view }: { organizationId: string; initial: About; view: ReactNode }) {
  const { state, setState, editButtonRef, formRef, alert, setAlert, savedAt, save } = useSectionSave();
  const [draft, setDraft] = useState<About>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof About, string>>>({});

  const edit = () => {
    setDraft(initial);
    setErrors({});
    setAlert(null);
    setState("edit");
  };
  const cancel = () => {
    setDraft(initial);
    setErrors({});
    setAlert(null);
    setState("view");
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state === "saving") return;
    const parsed = updateNpSchema.safeParse({ npID: organizationId, ...draft });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, topField));
      return;
    }
    setErrors({});
    await save("/api/updateNP", parsed.data);
  };

  return (
    <Card as="section" aria-labelledby="about-heading">
      <SectionHeader title="About" headingId="about-heading" editLabel="Edit mission and description" state={state} onEdit={edit} editButtonRef={editButtonRef} />
      <SaveAnnouncer state={state} savedAt={savedAt} />
      {state === "view" ? (
        view
      ) : (
        <form method="post" ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Edit mission and description" aria-busy={state === "saving"}>
          {alert ? <Alert variant="error">{alert}</Alert> : null}
          <TextAreaField
            label="Mission"
            rows={3}
            maxLength={1000}
            value={draft.mission}
            onChange={(e) => setDraft((d) => ({ ...d, mission: e.target.value }))}
            error={errors.mission}
            hint="One or two sentences: why your organization exists."
            disabled={state === "saving"}
          />
          <TextAreaField
            label="Description"
            rows={6}
            maxLength={5000}
            value={draft.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            error={errors.description}
            hint="What you do, for whom and where. Fields left empty keep their current text."
            disabled={state === "saving"}
          />
          <FormActions state={state} onCancel={cancel} />
        </form>
      )}
    </Card>
  );
}
