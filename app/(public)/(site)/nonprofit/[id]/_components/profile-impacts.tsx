"use client";

/**
 * The owner's impact figures (up to MAX_IMPACTS value/label pairs, in order), saved with
 * PUT /api/updateNPImpacts. Empty rows are dropped.
 */
import { Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/input";
import { MAX_IMPACTS, updateImpactsSchema } from "@/lib/validations/organization";
import { FormActions, SaveAnnouncer, SectionHeader, useSectionSave } from "./profile-edit-kit";
import { zodFieldErrors } from "@/lib/validations/field-errors";

type Figure = { label: string; value: string };
const blank = (): Figure => ({ label: "", value: "" });
const draftOf = (impacts: Figure[]) => (impacts.length ? impacts.map((f) => ({ ...f })) : [blank()]);

export function ProfileImpacts({ organizationId, initial, view }: { organizationId: string; initial: Figure[]; view: ReactNode }) {
  const { state, setState, editButtonRef, formRef, alert, setAlert, savedAt, save } = useSectionSave();
  const [draft, setDraft] = useState<Figure[]>(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reset = () => {
    setDraft(draftOf(initial));
    setErrors({});
    setAlert(null);
  };
  const setRow = (i: number, patch: Partial<Figure>) => setDraft((d) => d.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state === "saving") return;
    const parsed = updateImpactsSchema.safeParse({ npID: organizationId, impacts: draft });
    if (!parsed.success) {
      // "impacts.<row>.<field>" -> "<row>.<field>", the keys of the figure rows' inputs.
      const next = zodFieldErrors(parsed.error, (path) => (path.length >= 3 ? `${path[1]}.${path[2]}` : "_"));
      setErrors(next);
      if (next._) setAlert(next._);
      return;
    }
    setErrors({});
    await save("/api/updateNPImpacts", parsed.data);
  };

  return (
    <Card as="section" aria-labelledby="impact-edit-heading">
      <SectionHeader
        title="Our impact"
        headingId="impact-edit-heading"
        editLabel="Edit impact figures"
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
        <form method="post" ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Edit impact figures" aria-busy={state === "saving"}>
          {alert ? <Alert variant="error">{alert}</Alert> : null}
          <p className="text-sm text-ink-muted">Up to {MAX_IMPACTS} figures, for example “12,000” and “meals served”.</p>
          <ol className="space-y-3">
            {draft.map((f, i) => (
              <li key={i} className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[8rem_1fr_auto]">
                <TextField
                  label={`Figure ${i + 1}`}
                  containerClassName="col-span-2 sm:col-span-1"
                  placeholder="12,000"
                  maxLength={30}
                  value={f.value}
                  onChange={(e) => setRow(i, { value: e.target.value })}
                  error={errors[`${i}.value`]}
                  disabled={state === "saving"}
                />
                <TextField
                  label={`What figure ${i + 1} counts`}
                  placeholder="meals served"
                  maxLength={60}
                  value={f.label}
                  onChange={(e) => setRow(i, { label: e.target.value })}
                  error={errors[`${i}.label`]}
                  disabled={state === "saving"}
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove figure ${i + 1}`}
                  onClick={() => setDraft((d) => (d.length > 1 ? d.filter((_, j) => j !== i) : [blank()]))}
                  disabled={state === "saving"}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          {draft.length < MAX_IMPACTS ? (
            <Button size="sm" variant="secondary" leftIcon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setDraft((d) => [...d, blank()])} disabled={state === "saving"}>
              Add a figure
            </Button>
          ) : null}
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
