"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/input";
import type { SessionUser } from "@/lib/auth/types";
import { changePasswordFormSchema, type ChangePasswordFormInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";

/**
 * Account settings (spec: tabs Account and Password, plus Help and Contact Us links). The
 * password tab changes the password through PUT /api/update/password and shows a success
 * screen after the update.
 */
export function SettingsPanel({ user, passwordOnly = false }: { user: SessionUser; passwordOnly?: boolean }) {
  const [tab, setTab] = useState<"account" | "password">(passwordOnly ? "password" : "account");
  if (passwordOnly) return <PasswordForm userId={user._id} />;
  const tabs = [
    { id: "account", label: "Account" },
    { id: "password", label: "Password" },
  ] as const;
  return (
    <div>
      <div role="tablist" aria-label="Account settings" className="flex gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            id={`settings-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`settings-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 font-semibold",
              tab === t.id ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:text-ink",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="pt-5">
        {tab === "account" ? (
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-ink-muted">Email</dt>
              <dd className="font-medium break-all text-ink">{user.email}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Name</dt>
              <dd className="font-medium text-ink">{`${user.firstName} ${user.lastName}`.trim()}</dd>
            </div>
            {user.telephone ? (
              <div>
                <dt className="text-ink-muted">Phone</dt>
                <dd className="font-medium text-ink">{user.telephone}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <PasswordForm userId={user._id} />
        )}
      </div>
      <p className="mt-6 flex gap-4 border-t border-slate-100 pt-4 text-sm">
        <Link href="/about#faq" className="font-semibold text-brand-700 hover:underline">
          Help
        </Link>
        <Link href="/about#contact" className="font-semibold text-brand-700 hover:underline">
          Contact Us
        </Link>
      </p>
    </div>
  );
}

function PasswordForm({ userId }: { userId: string }) {
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({ resolver: zodResolver(changePasswordFormSchema), mode: "onTouched" });

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
    try {
      const res = await fetch("/api/update/password", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId, currentPassword, password }),
      });
      const data = (await res.json().catch(() => ({}))) as { updated?: boolean; message?: string; fields?: Record<string, string> };
      if (res.status === 200 && data.updated) return setDone(true);
      if (data.fields?.currentPassword) return setError("currentPassword", { message: data.fields.currentPassword });
      if (data.fields?.password) return setError("password", { message: data.fields.password });
      setFormError(data.message ?? messages.generic.server);
    } catch {
      setFormError(messages.generic.server);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField label="Current password" type="password" autoComplete="current-password" {...register("currentPassword")} error={errors.currentPassword?.message} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="8 to 40 characters, with at least one number."
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
