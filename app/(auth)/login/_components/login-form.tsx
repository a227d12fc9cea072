"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { getSession, signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { storeKeys, writeStore } from "@/lib/client/stores";
import { signInSchema, type SignInInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";

/** Email + password sign-in through next-auth's credentials provider. */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await signIn("credentials", { ...values, redirect: false });
    if (!res || res.error) {
      setError(res?.error && res.error !== "CredentialsSignin" ? res.error : messages.auth.invalidCredentials);
      return;
    }
    const session = await getSession();
    if (session?.user) {
      writeStore(storeKeys.signin, { _id: session.user._id, type: session.user.type, email: session.user.email });
      if (session.user.orgId) writeStore(storeKeys.org, { _id: session.user.orgId });
    }
    router.replace(callbackUrl);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-describedby={error ? "login-error" : undefined}>
      {error ? (
        <div id="login-error">
          <Alert variant="error">{error}</Alert>
        </div>
      ) : null}
      <TextField label="Email" type="email" autoComplete="email" required {...register("email")} error={errors.email?.message} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...register("password")}
        error={errors.password?.message}
      />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Logging in...">
        Log in
      </Button>
    </form>
  );
}
