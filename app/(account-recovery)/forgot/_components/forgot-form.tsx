"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { forgotSchema } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

/** The /forgot form: POST /api/forgot; the same answer whether or not the email has an account. */
export function ForgotForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof forgotSchema>>({ resolver: zodResolver(forgotSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await requestJson<{ message?: string }>("/api/forgot", { method: "POST", body: values });
    if (res.ok) setSent(res.data.message ?? messages.donor.resetSent);
    else setError(res.message);
  });

  if (sent) {
    return (
      <Alert variant="success" className="mt-8" title="Check your email">
        {sent}
      </Alert>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" {...register("email")} error={errors.email?.message} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Sending...">
        Send reset link
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="font-semibold text-brand-700 hover:underline">
          Back to login
        </Link>
      </p>
    </form>
  );
}
