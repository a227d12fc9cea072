"use client";

/**
 * The owner's general information on /nonprofit/{id} (spec sections 4, 5 and 7): default
 * view -> Edit -> Saving… -> back to the default view; Cancel discards the edits. Saved with
 * PUT /api/updateDashboard: only filled fields that changed are sent (empty fields are
 * dropped), the contact email must be valid and equal to its confirmation (the spec's
 * alerts), and any answer but 200 shows the spec's organization-update failure alert.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { TextField, type TextFieldProps } from "@/components/ui/input";
import type { OwnOrganization } from "@/lib/services/organizations/get-organization";
import { messages } from "@/lib/validations/messages";
import { dashboardFields, updateDashboardSchema, type DashboardField } from "@/lib/validations/organization";
import { FormActions, SaveAnnouncer, SectionHeader, sendJson, useEditState } from "./profile-edit-kit";
import { generalInfoOf, type GeneralInfo } from "./profile-public";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";

type Draft = Record<DashboardField, string>;

const labels: Record<DashboardField, string> = {
  organizationName: "Organization name",
  email: "Contact email",
  confirmEmail: "Confirm contact email",
  phone: "Phone",
  address: "Address",
  address2: "Address line 2",
  city: "City",
  state: "State",
  zipcode: "ZIP code",
};

const draftOf = (info: GeneralInfo): Draft => ({ ...info, email: "", confirmEmail: "" });

/** The filled fields that differ from the saved values; email and its confirmation whenever typed. */
function changedFields(draft: Draft, saved: GeneralInfo): Partial<Draft> {
  const out: Partial<Draft> = {};
  for (const f of dashboardFields) {
    const value = draft[f].trim();
    if (!value) continue;
    if (f === "email" || f === "confirmEmail" || value !== saved[f as keyof GeneralInfo]) out[f] = value;
  }
  return out;
}

export function ProfileGeneralInfo({ organizationId, initial }: { organizationId: string; initial: GeneralInfo }) {
  const router = useRouter();
  const { state, setState, editButtonRef, formRef } = useEditState();
  const [saved, setSaved] = useState<GeneralInfo>(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<Record<DashboardField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState(0);

  // Fresh server values (after router.refresh()) replace the shown ones.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial && JSON.stringify(seen) !== JSON.stringify(initial)) {
    setSeen(initial);
    setSaved(initial);
  }

  const edit = () => {
    setDraft(draftOf(saved));
    setErrors({});
    setAlert(null);
    setState("edit");
  };
  const cancel = () => {
    setDraft(draftOf(saved));
    setErrors({});
    setAlert(null);
    setState("view");
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state === "saving") return;
    setAlert(null);
    const payload = changedFields(draft, saved);
    const parsed = updateDashboardSchema.safeParse({ npID: organizationId, ...payload });
    if (!parsed.success) {
      // The email pair's message shows in the section's alert (email's own check comes first).
      const { email, confirmEmail, ...next } = zodFieldErrors(parsed.error, topField);
      setErrors(next);
      setAlert(email ?? confirmEmail ?? null);
      return;
    }
    setErrors({});
    if (Object.keys(payload).length === 0) {
      setState("view");
      return;
    }
    setState("saving");
    const result = await sendJson<{ nonprofit: OwnOrganization }>("/api/updateDashboard", "PUT", parsed.data, false);
    if (!result.ok) {
      setAlert(result.message);
      setState("edit");
      return;
    }
    setSaved(generalInfoOf(result.data.nonprofit));
    setSavedAt(Date.now());
    setState("view");
    router.refresh();
  };

  const field = (f: DashboardField, props: Partial<TextFieldProps> = {}) => (
    <TextField
      key={f}
      label={labels[f]}
      name={f}
      value={draft[f]}
      onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
      error={errors[f]}
      disabled={state === "saving"}
      {...props}
      {...(f === "email" || f === "confirmEmail" ? { "aria-invalid": alert === messages.nonprofitEmail.invalid || alert === messages.nonprofitEmail.mismatch || undefined } : {})}
    />
  );

  const address = [saved.address, saved.address2, [saved.city, [saved.state, saved.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean);

  return (
    <Card as="section" aria-labelledby="general-info-heading" data-testid="general-info">
      <SectionHeader
        title="General information"
        headingId="general-info-heading"
        editLabel="Edit general information"
        state={state}
        onEdit={edit}
        editButtonRef={editButtonRef}
      />
      <SaveAnnouncer state={state} savedAt={savedAt} />
      {state === "view" ? (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">Organization name</dt>
            <dd className="break-words text-ink">{saved.organizationName}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Contact email</dt>
            <dd className="break-all text-ink">{saved.email || "Not set"}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Phone</dt>
            <dd className="text-ink">{saved.phone || "Not set"}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Address</dt>
            <dd className="break-words text-ink">
              {address.length ? address.map((line) => <span key={line} className="block">{line}</span>) : "Not set"}
            </dd>
          </div>
        </dl>
      ) : (
        <form method="post" ref={formRef} onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Edit general information" aria-busy={state === "saving"}>
          {alert ? <Alert variant="error">{alert}</Alert> : null}
          <p className="text-sm text-ink-muted">Fields left empty keep their current value.</p>
          {field("organizationName", { autoComplete: "organization", maxLength: 200 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field("email", { type: "email", autoComplete: "email", placeholder: saved.email || "name@example.org", hint: saved.email ? `Now: ${saved.email}` : undefined })}
            {field("confirmEmail", { type: "email", autoComplete: "email" })}
          </div>
          {field("phone", { type: "tel", inputMode: "numeric", autoComplete: "tel", hint: "10 to 13 digits, no spaces." })}
          {field("address", { autoComplete: "address-line1", maxLength: 200 })}
          {field("address2", { autoComplete: "address-line2", maxLength: 200 })}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
            {field("city", { autoComplete: "address-level2", maxLength: 100 })}
            {field("state", { autoComplete: "address-level1", maxLength: 2, hint: "e.g. VT" })}
            {field("zipcode", { autoComplete: "postal-code", inputMode: "numeric", maxLength: 10 })}
          </div>
          <FormActions state={state} onCancel={cancel} />
        </form>
      )}
    </Card>
  );
}
