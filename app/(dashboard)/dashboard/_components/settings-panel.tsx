"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, CircleCheck } from "lucide-react";
import { useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/input";
import type { SessionUser } from "@/lib/auth/types";
import { changePasswordFormSchemaFor, type ChangePasswordFormInput } from "@/lib/validations/auth";
import { emailField, newPasswordField, settingsPhoneField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { NonprofitAccountForm } from "./nonprofit-account-form";
import { SignOutEverywhere } from "./sign-out-everywhere";

/**
 * Account settings (spec: tabs Account and Password, plus Help and Contact Us links). The
 * password tab changes the password through PUT /api/update/password and shows a success
 * screen after the update.
 */
export function SettingsPanel({
  user,
  passwordOnly = false,
  onSaved,
  contactEmail,
}: {
  user: SessionUser;
  /** Nonprofits: the organization's current contact email, shown on the Account tab. */
  contactEmail?: string | null;
  passwordOnly?: boolean;
  /** Donors: called after a 200 from PUT /api/update/user (the green check beside the title). */
  onSaved?: () => void;
}) {
  const [tab, setTab] = useState<"account" | "password">(passwordOnly ? "password" : "account");
  if (passwordOnly) return <PasswordForm user={user} />;
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
        {tab === "account" && user.type === "individual" ? (
          <DonorAccountForm user={user} onSaved={onSaved} />
        ) : tab === "account" && user.type === "nonprofit" ? (
          <NonprofitAccountForm user={user} contactEmail={contactEmail ?? null} />
        ) : tab === "account" ? (
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
          <>
            <PasswordForm user={user} />
            {user.type !== "admin" ? <SignOutEverywhere /> : null}
          </>
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

function PasswordForm({ user }: { user: SessionUser }) {
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
        hint={user.type === "nonprofit" ? "8 to 40 characters." : "8 to 40 characters, with at least one number."}
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

type AccountErrors = { email?: string; telephone?: string; password?: string; confirmPassword?: string };

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

/**
 * The donor's Account tab (spec 4 and 5): email and phone, and 'Change Password', which
 * reveals the current-password field. That field is checked against the server 300 ms after
 * typing stops (GET /api/check/password); a match shows a tick and the new-password field.
 * Save is blocked with 'Invalid Entry' while a rule fails; a 200 from PUT /api/update/user
 * updates the stored email (session and top bar) and calls onSaved.
 */
function DonorAccountForm({ user, onSaved }: { user: SessionUser; onSaved?: () => void }) {
  const { data: session, update } = useSession();
  const router = useRouter();
  // The session holds the stored email after a save (the page's props may be older).
  const [email, setEmail] = useState(session?.user?.email ?? user.email);
  const [telephone, setTelephone] = useState("");
  const [phonePlaceholder, setPhonePlaceholder] = useState("Loading...");
  const [changing, setChanging] = useState(false);
  const [current, setCurrent] = useState("");
  const [match, setMatch] = useState(false);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<AccountErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  // A new email needs the current password and waits for the link sent to it (issue 19).
  const [storedEmail, setStoredEmail] = useState(session?.user?.email ?? user.email);
  const [emailPassword, setEmailPassword] = useState("");
  const [emailSent, setEmailSent] = useState(false);
  const emailChanging = email.trim().toLowerCase() !== storedEmail.toLowerCase();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    fetch(`/api/find/user/phoneNumber/${encodeURIComponent(user._id)}`, { cache: "no-store" })
      .then(async (res) => {
        if (res.status !== 200) throw new Error(String(res.status));
        const data = (await res.json()) as { telephone?: string };
        if (!alive) return;
        setTelephone(data.telephone ?? "");
        setPhonePlaceholder("");
      })
      .catch(() => alive && setPhonePlaceholder(messages.phone.lookupFailed));
    return () => {
      alive = false;
      clearTimeout(timer.current);
    };
  }, [user._id]);

  function onCurrentChange(value: string) {
    setCurrent(value);
    setMatch(false);
    clearTimeout(timer.current);
    if (!value) return;
    timer.current = setTimeout(async () => {
      try {
        const res = await fetch(`/api/check/password/${encodeURIComponent(user._id)}/${encodeURIComponent(value)}`, { cache: "no-store" });
        const data = (await res.json().catch(() => ({}))) as { passwordMatch?: boolean };
        setMatch(res.status === 200 && data.passwordMatch === true);
      } catch {
        setMatch(false);
      }
    }, 300);
  }

  function validate(): AccountErrors {
    const next: AccountErrors = {
      email: firstIssue(emailField.safeParse(email)),
      telephone: firstIssue(settingsPhoneField.safeParse(telephone)),
      password: changing && match ? firstIssue(newPasswordField.safeParse(password)) : undefined,
      confirmPassword: emailChanging && !(changing && match) && !emailPassword ? messages.trustAndSafety.emailChangeNeedsPassword : undefined,
    };
    return Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as AccountErrors;
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    setEmailSent(false);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(messages.settings.invalidEntry);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      const body: Record<string, string> = { _id: user._id, email: email.trim(), telephone: telephone.trim() };
      if (changing && match && password) {
        body.password = password;
        body.confirmPassword = current;
      } else if (emailChanging) {
        body.confirmPassword = emailPassword;
      }
      const res = await fetch("/api/update/user", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const data = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string>; user?: { email?: string }; emailChangeSent?: boolean };
      if (res.status === 200) {
        if (data.emailChangeSent) setEmailSent(true);
        if (data.user?.email) {
          setStoredEmail(data.user.email);
          setEmail(data.user.email);
        }
        setEmailPassword("");
        await update();
        router.refresh(); // the top bar shows the stored email
        setSaved(true);
        setChanging(false);
        setCurrent("");
        setPassword("");
        setMatch(false);
        onSaved?.();
        return;
      }
      if (data.fields) setErrors({ email: data.fields.email, telephone: data.fields.telephone, password: data.fields.password, confirmPassword: data.fields.confirmPassword });
      setFormError(data.message ?? messages.settings.invalidEntry);
    } catch {
      setFormError(messages.generic.server);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Account">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {saved ? <Alert variant="success">Your account details have been saved.</Alert> : null}
      {emailSent ? <Alert variant="success">{messages.trustAndSafety.emailChangeSent}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      {emailChanging && !changing ? (
        <TextField
          label="Current password (to change your email)"
          type="password"
          autoComplete="current-password"
          value={emailPassword}
          onChange={(e) => setEmailPassword(e.target.value)}
          error={errors.confirmPassword}
        />
      ) : null}
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        value={telephone}
        placeholder={phonePlaceholder}
        onChange={(e) => setTelephone(e.target.value)}
        error={errors.telephone}
      />
      <Button
        variant="outline"
        onClick={() => {
          setChanging((c) => !c);
          setCurrent("");
          setMatch(false);
          setPassword("");
        }}
        aria-expanded={changing}
      >
        Change Password
      </Button>
      {changing ? (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => onCurrentChange(e.target.value)}
          endAdornment={match ? <Check className="size-5 text-emerald-600" aria-label="Password matches" role="img" /> : null}
        />
      ) : null}
      {changing && match ? (
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={user.type === "nonprofit" ? "8 to 40 characters." : "8 to 40 characters, with at least one number."}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
      ) : null}
      <Button type="submit" loading={saving} loadingLabel="Saving...">
        Save
      </Button>
    </form>
  );
}
