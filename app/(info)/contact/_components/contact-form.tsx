"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import { feedbackSchema } from "@/lib/validations/donor";
import { requestJson } from "@/lib/client/request";

type Values = z.infer<typeof feedbackSchema>;

/**
 * Contact Us form: POST /api/sendFeedback with JSON { userName, email, description }; the
 * message is stored and queued as an email to the team. Signed-in people get their name and
 * email filled in. After sending, focus moves to the confirmation.
 */
export function ContactForm({ defaults }: { defaults: Partial<Values> }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(feedbackSchema), defaultValues: { userName: "", email: "", description: "", ...defaults } });

  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await requestJson("/api/sendFeedback", { method: "POST", body: values });
    if (res.ok) {
      reset({ ...values, description: "" });
      return setSent(true);
    }
    setError(res.message);
  });

  if (sent) {
    return (
      <div ref={done} tabIndex={-1} className="mt-8 focus:outline-none">
        <Alert variant="success" title="Message sent">
          Thank you. Our team will answer by email, usually within two working days.
        </Alert>
        <Button variant="outline" className="mt-4" onClick={() => setSent(false)}>
          Send another message
        </Button>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-4" aria-label="Contact Us">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField label="Your name" autoComplete="name" required {...register("userName")} error={errors.userName?.message} />
      <TextField label="Email" type="email" autoComplete="email" required {...register("email")} error={errors.email?.message} />
      <TextAreaField label="Message" rows={6} required {...register("description")} error={errors.description?.message} />
      <Button type="submit" loading={isSubmitting} loadingLabel="Sending...">
        Send message
      </Button>
    </form>
  );
}
