"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { businessSignUpSchema, type BusinessSignUpInput, type BusinessSignUpValues } from "@/lib/validations/business";
import { requestJson } from "@/lib/client/request";

/** The business sign-up form; posts to /api/sendBusinessSignUpEmail. */
export function BusinessForm() {
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BusinessSignUpInput, unknown, BusinessSignUpValues>({ resolver: zodResolver(businessSignUpSchema), defaultValues: { interest: "both" } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await requestJson("/api/sendBusinessSignUpEmail", { method: "POST", body: values });
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setDone(values.email);
  });

  if (done) {
    return (
      <Alert variant="success" title="Thank you for signing up!">
        We sent a confirmation to {done}. Nonprofits in your area can now see your interest, and our team will be in touch soon.
      </Alert>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField label="Business name" autoComplete="organization" required {...register("businessName")} error={errors.businessName?.message} />
      <TextField label="Contact name" autoComplete="name" required {...register("contactName")} error={errors.contactName?.message} />
      <TextField label="Email" type="email" autoComplete="email" required {...register("email")} error={errors.email?.message} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField label="City" autoComplete="address-level2" {...register("city")} error={errors.city?.message} />
        <TextField label="State" autoComplete="address-level1" maxLength={2} placeholder="VT" {...register("state")} error={errors.state?.message} />
      </div>
      <Select
        label="I'm interested in"
        options={[
          { value: "both", label: "Sponsoring and matching gifts" },
          { value: "sponsoring", label: "Sponsoring events and campaigns" },
          { value: "matching", label: "Matching gifts" },
        ]}
        {...register("interest")}
      />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Sending...">
        Sign up my business
      </Button>
    </form>
  );
}
