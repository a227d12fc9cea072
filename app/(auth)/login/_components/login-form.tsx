"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { getSession, signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { useCheckoutChallenge } from "@/components/payments/checkout-challenge";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { storeKeys, writeStore } from "@/lib/client/stores";
import { signInSchema, type SignInInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";

/** The sign-in's answers that mean "solve the security check and send again" (lib/auth/rate-limit.ts). */
const CHECK_ASKED: readonly string[] = [messages.trustAndSafety.challengeRequired, messages.trustAndSafety.challengeFailed];

/**
 * Email + password sign-in through next-auth's credentials provider. When many sign-ins have
 * failed from the visitor's network (an office, a school), the server asks for the invisible
 * proof-of-work check: the form solves it (the checkout's widget) and signs in again, once.
 */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const challenge = useCheckoutChallenge(true, { preload: false });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    let res = await signIn("credentials", { ...values, redirect: false });
    if (res?.error && CHECK_ASKED.includes(res.error)) {
      const altcha = await challenge.take();
      if (altcha) res = await signIn("credentials", { ...values, altcha, redirect: false });
    }
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
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-describedby={error ? "login-error" : undefined}>
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
      {challenge.element}
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Logging in...">
        Log in
      </Button>
    </form>
  );
}
