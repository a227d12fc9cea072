"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { resetPasswordFormSchema } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

/** New password and retype; PUT /api/authenticate/token; success screen after the update (spec 4). */
export function ResetForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof resetPasswordFormSchema>>({ resolver: zodResolver(resetPasswordFormSchema) });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    const res = await requestJson<{ updated: boolean; message?: string }>("/api/authenticate/token", { method: "PUT", body: { resetPasswordToken: token, password } });
    if (res.ok && res.data.updated) setDone(true);
    else setError(res.ok ? (res.data.message ?? messages.generic.server) : res.message);
  });

  if (done) {
    return (
      <div role="status" className="mt-8 text-center">
        <CircleCheck className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold text-ink">Your password has been changed.</p>
        <p className="mt-1 text-ink-muted">You can now log in with your new password.</p>
        <LinkButton href="/login" className="mt-6">
          Log in
        </LinkButton>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField label="New password" type="password" autoComplete="new-password" hint="8 to 40 characters, with at least one number." {...register("password")} error={errors.password?.message} />
      <TextField label="Retype new password" type="password" autoComplete="new-password" {...register("confirmPassword")} error={errors.confirmPassword?.message} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Saving...">
        Save new password
      </Button>
    </form>
  );
}
