"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Path } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { storeKeys, writeStore } from "@/lib/client/stores";
import { acceptInvitationSchema } from "@/lib/validations/members";
import { acceptInvitationAction } from "./actions";

type Values = z.input<typeof acceptInvitationSchema>;

/**
 * First name, last name and password (validated as the nonprofit sign-up validates them); the
 * server action creates the account, then the new account signs in as after sign-up and opens the dashboard.
 */
export function AcceptInvitationForm({ token, email, organizationName }: { token: string; email: string; organizationName: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(acceptInvitationSchema) as never, mode: "onTouched" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await acceptInvitationAction(token, values);
    if (!result.ok) {
      const fields = Object.entries(result.fields);
      for (const [name, message] of fields) setError(name as Path<Values>, { message });
      if (fields.length === 0) setFormError(result.message);
      return;
    }
    const signedIn = await signIn("credentials", { email: result.user.email, password: values.password, redirect: false });
    writeStore(storeKeys.signin, { _id: result.user._id, type: result.user.type, email: result.user.email });
    if (result.user.orgId) writeStore(storeKeys.org, { _id: result.user.orgId });
    router.push(signedIn?.ok ? "/dashboard" : "/login");
    router.refresh();
  });

  return (
    <form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit} aria-label={`Accept the invitation to ${organizationName}`}>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...register("firstName")} error={errors.firstName?.message} />
        <TextField label="Last name" autoComplete="family-name" required {...register("lastName")} error={errors.lastName?.message} />
      </div>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 40 characters, with at least one number."
        {...register("password")}
        error={errors.password?.message}
      />
      <Button type="submit" fullWidth disabled={!hydrated} loading={isSubmitting} loadingLabel="Creating your account...">
        Accept and create my account
      </Button>
    </form>
  );
}
