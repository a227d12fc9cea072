"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "@/components/ui/use-form";
import { ImageUpload } from "@/components/image-upload";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import type { Fundraiser } from "@/lib/services/fundraisers/fundraiser";
import {
  FUNDRAISER_DESCRIPTION_MAX,
  FUNDRAISER_NAME_MAX,
  FUNDRAISER_TOPIC_MAX,
  fundraiserFormSchema,
  centsToDollarInput,
  type FundraiserFormInput,
  type FundraiserValues,
} from "@/lib/validations/fundraiser";
import { requestJson } from "@/lib/client/request";

const fieldNames = ["name", "goal", "startDate", "endDate", "description", "topic"] as const;

/**
 * Create or edit one fundraiser: name (required, up to 120 characters), goal in dollars
 * (sent as dollars, stored as cents by the server), start and end dates (end not before
 * start), description and topic. The image slot (16:9) appears once the fundraiser exists.
 * The first field is focused when the form opens.
 */
export function FundraiserForm({
  organizationId,
  fundraiser,
  onSaved,
  onCancel,
  onImageChanged,
}: {
  organizationId: string;
  /** The fundraiser to edit, or null to create one. */
  fundraiser: Fundraiser | null;
  onSaved: (fundraiser: Fundraiser, created: boolean) => void;
  onCancel: () => void;
  onImageChanged: () => void;
}) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FundraiserFormInput, unknown, FundraiserValues>({
    resolver: zodResolver(fundraiserFormSchema),
    defaultValues: fundraiser
      ? {
          name: fundraiser.name,
          goal: centsToDollarInput(fundraiser.goal),
          startDate: fundraiser.startDate ?? "",
          endDate: fundraiser.endDate ?? "",
          description: fundraiser.description,
          topic: fundraiser.topic ?? "",
        }
      : { name: "", goal: "", startDate: "", endDate: "", description: "", topic: "" },
  });

  useEffect(() => {
    // After the page's own scroll-to-section focus, so the first field ends up focused.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setFocus("name")));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    const body: FundraiserFormInput & { _id?: string; npID: string } = {
      ...(fundraiser ? { _id: fundraiser._id } : {}),
      npID: organizationId,
      name: values.name,
      goal: centsToDollarInput(values.goal),
      startDate: values.startDate ?? "",
      endDate: values.endDate ?? "",
      description: values.description,
      topic: values.topic ?? "",
    };
    const result = await requestJson<{ campaign: Fundraiser }>("/api/updateNPCampaigns", { method: fundraiser ? "PUT" : "POST", body });
    if (!result.ok) {
      let focused = false;
      for (const name of fieldNames) {
        const message = result.fields?.[name];
        if (message) {
          setError(name, { message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      setError("root", { message: result.message });
      return;
    }
    onSaved(result.data.campaign, !fundraiser);
  });

  const title = fundraiser ? "Edit fundraiser" : "Create a fundraiser";
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-4 space-y-4 rounded-card border border-brand-200 bg-brand-50/40 p-4 sm:p-5">
      <h4 id={headingId} className="text-base font-bold text-ink">
        {title}
      </h4>
      {errors.root?.message ? <Alert variant="error">{errors.root.message}</Alert> : null}
      <TextField label="Fundraiser name" required maxLength={FUNDRAISER_NAME_MAX} autoComplete="off" {...register("name")} error={errors.name?.message} />
      <TextField
        label="Goal (USD)"
        required
        inputMode="decimal"
        autoComplete="off"
        hint="In dollars, from $1 to $10,000,000."
        {...register("goal")}
        error={errors.goal?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Start date" type="date" {...register("startDate")} error={errors.startDate?.message} />
        <TextField label="End date" type="date" {...register("endDate")} error={errors.endDate?.message} />
      </div>
      <TextAreaField label="Description" rows={4} maxLength={FUNDRAISER_DESCRIPTION_MAX} {...register("description")} error={errors.description?.message} />
      <TextField label="Topic" hint="Optional, e.g. Education or Animals." maxLength={FUNDRAISER_TOPIC_MAX} autoComplete="off" {...register("topic")} error={errors.topic?.message} />
      <div>
        <p className="mb-1.5 text-sm font-semibold text-ink">Fundraiser image</p>
        {fundraiser ? (
          <ImageUpload
            field="campaignImage"
            identifier={fundraiser._id}
            currentUrl={fundraiser.imageUrl}
            label="fundraiser image"
            aspect="wide"
            preview="banner"
            previewSize={224}
            allowDelete
            onUploaded={onImageChanged}
            onDeleted={onImageChanged}
          />
        ) : (
          <p className="text-sm text-ink-muted">You can add a 16:9 image after you create the fundraiser.</p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} loadingLabel="Saving...">
          {fundraiser ? "Save changes" : "Create fundraiser"}
        </Button>
      </div>
    </form>
  );
}
