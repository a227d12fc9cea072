"use client";

import { Check } from "lucide-react";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import { requestJson } from "@/lib/client/request";
import { emailField, newPasswordField, settingsPhoneField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";

type AccountErrors = { email?: string; telephone?: string; password?: string; confirmPassword?: string };

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

/**
 * The donor's Account tab (spec 4 and 5): email and phone, and 'Change Password', which
 * reveals the current-password field. That field is checked against the server 300 ms after
 * typing stops (GET /api/check/password); a match shows a tick and the new-password field.
 * Save is blocked with 'Invalid Entry' while a rule fails; a 200 from PUT /api/update/user
 * updates the stored email (session and top bar) and calls onSaved.
 */
export function DonorAccountForm({ user, onSaved }: { user: SessionUser; onSaved?: () => void }) {
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
  // A new email needs the current password and waits for the link sent to it.
  const [storedEmail, setStoredEmail] = useState(session?.user?.email ?? user.email);
  const [emailPassword, setEmailPassword] = useState("");
  const [emailSent, setEmailSent] = useState(false);
  const emailChanging = email.trim().toLowerCase() !== storedEmail.toLowerCase();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set once the person types in the phone field: the saved number, when it arrives later,
  // then never replaces what they typed (a form shows what its user entered).
  const phoneEdited = useRef(false);

  useEffect(() => {
    let alive = true;
    void requestJson<{ telephone?: string }>(`/api/find/user/phoneNumber/${encodeURIComponent(user._id)}`, { cache: "no-store" }).then((res) => {
      if (!alive) return;
      if (!res.ok || res.status !== 200) return setPhonePlaceholder(messages.phone.lookupFailed);
      if (!phoneEdited.current) setTelephone(res.data.telephone ?? "");
      setPhonePlaceholder("");
    });
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
      const res = await requestJson<{ passwordMatch?: boolean }>(`/api/check/password/${encodeURIComponent(user._id)}/${encodeURIComponent(value)}`, { cache: "no-store" });
      setMatch(res.ok && res.status === 200 && res.data.passwordMatch === true);
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
      const res = await requestJson<{ user?: { email?: string }; emailChangeSent?: boolean }>("/api/update/user", { method: "PUT", body, fallback: messages.settings.invalidEntry });
      if (res.ok) {
        const data = res.data;
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
      if (res.status === 0) return setFormError(messages.generic.server);
      const { fields } = res;
      if (Object.keys(fields).length > 0) setErrors({ email: fields.email, telephone: fields.telephone, password: fields.password, confirmPassword: fields.confirmPassword });
      setFormError(res.message);
    } catch {
      setFormError(messages.generic.server);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Account">
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
        onChange={(e) => {
          phoneEdited.current = true;
          setTelephone(e.target.value);
        }}
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
          hint={sessionUserIs(user, "nonprofit") ? "8 to 40 characters." : "8 to 40 characters, with at least one number."}
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
