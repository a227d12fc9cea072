"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import { requestJson } from "@/lib/client/request";
import { changePasswordFormSchemaFor, type ChangePasswordFormInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";

/**
 * The Password tab: current, new and retyped password (changePasswordFormSchemaFor the
 * account type), sent to PUT /api/update/password; a success screen follows the update.
 */
export function PasswordForm({ user }: { user: SessionUser }) {
  const userId = user._id;
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({ resolver: zodResolver(changePasswordFormSchemaFor(user.type)), mode: "onTouched" });

  if (done) {
    return (
      <div className="text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-brand-700" aria-hidden="true" />
        <p className="mt-2 font-semibold text-ink">Your password has been updated.</p>
        <Button
          variant="link"
          className="mt-2"
          onClick={() => {
            reset();
            setDone(false);
          }}
        >
          Change it again
        </Button>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    setFormError(null);
    const res = await requestJson<{ updated: boolean }>("/api/update/password", { method: "PUT", body: { userId, currentPassword, password } });
    if (res.ok && res.data.updated) return setDone(true);
    const fields = res.ok ? {} : res.fields;
    if (fields.currentPassword) return setError("currentPassword", { message: fields.currentPassword });
    if (fields.password) return setError("password", { message: fields.password });
    setFormError(res.ok ? messages.generic.server : res.message);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField label="Current password" type="password" autoComplete="current-password" {...register("currentPassword")} error={errors.currentPassword?.message} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={sessionUserIs(user, "nonprofit") ? "8 to 40 characters." : "8 to 40 characters, with at least one number."}
        {...register("password")}
        error={errors.password?.message}
      />
      <TextField label="Retype new password" type="password" autoComplete="new-password" {...register("confirmPassword")} error={errors.confirmPassword?.message} />
      <Button type="submit" loading={isSubmitting} loadingLabel="Saving...">
        Update password
      </Button>
    </form>
  );
}
