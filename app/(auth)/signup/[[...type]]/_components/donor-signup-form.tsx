"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { registerDonorSchema } from "@/lib/validations/auth";
import { AccountFields } from "./account-fields";
import { useSignup } from "./use-signup";

type Values = z.input<typeof registerDonorSchema>;

/**
 * Donor (individual) sign-up: POST /api/register/individual.
 * @param returnTo a same-site path to go back to once signed up (else the thank-you page).
 */
export function DonorSignupForm({ returnTo = null }: { returnTo?: string | null }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(registerDonorSchema) as never, mode: "onTouched" });
  const { submit, formError } = useSignup<Values & { email: string; password: string }>(setError as never);

  return (
    <form method="post"
      noValidate
      className="mt-6 space-y-4"
      onSubmit={handleSubmit((values) => submit("/api/register/individual", values as never, "donor", returnTo))}
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <AccountFields register={register} errors={errors} setError={setError} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Creating your account...">
        Create donor account
      </Button>
    </form>
  );
}
