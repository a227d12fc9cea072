"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { subscribeSchema } from "@/lib/validations/donor";
import { requestJson } from "@/lib/client/request";

/** Newsletter form: POST /api/subscribe. */
export function SubscribeForm() {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof subscribeSchema>>({ resolver: zodResolver(subscribeSchema) });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await requestJson("/api/subscribe", { method: "POST", body: values });
    if (res.ok) return setDone(true);
    setError(res.message);
  });
  if (done) return <Alert variant="success" className="mt-8" title="You're subscribed">Thank you! Watch your inbox for our next newsletter.</Alert>;
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" {...register("email")} error={errors.email?.message} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Subscribing...">
        Subscribe
      </Button>
    </form>
  );
}
