"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { messages } from "@/lib/validations/messages";

/** Password-only admin sign-in through next-auth's "admin" provider; refreshes the page on success. */
export function AdminSignIn({ enabled }: { enabled: boolean }) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!enabled) return <Alert variant="info">{messages.admin.disabled}</Alert>;

  return (
    <form method="post"
      noValidate
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!password) return setError(messages.admin.passwordRequired);
        setBusy(true);
        setError(null);
        const res = await signIn("admin", { password, redirect: false });
        setBusy(false);
        if (!res || res.error) {
          setError(res?.error && res.error !== "CredentialsSignin" ? res.error : messages.admin.wrongPassword);
          return;
        }
        setPassword("");
        router.refresh();
      }}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <TextField
        label="Admin password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" fullWidth loading={busy} loadingLabel="Signing in...">
        Sign in as admin
      </Button>
    </form>
  );
}
