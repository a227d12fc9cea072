"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { storeKeys, writeStore } from "@/lib/client/stores";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";


/**
 * Submit a sign-up payload, sign the new account in and go to the thank-you page (or to
 * `returnTo`, the same-site path the visitor was in the middle of).
 * Field errors from the server are shown on their fields; anything else as a form error.
 */
export function useSignup<T extends FieldValues & { email: string; password: string }>(setError: UseFormSetError<T>) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(url: string, body: T, section: string, returnTo: string | null = null) {
    setFormError(null);
    const res = await requestJson<{ user?: { _id: string; type: string; orgId: string | null } }>(url, { method: "POST", body });
    if (!res.ok) {
      const fields = Object.entries(res.fields);
      for (const [name, message] of fields) setError(name as Path<T>, { message });
      if (fields.length === 0 || !fields.some(([n]) => n in body)) setFormError(res.message);
      return;
    }
    const data = res.data;
    const signedIn = await signIn("credentials", { email: body.email, password: body.password, redirect: false });
    if (data.user) {
      writeStore(storeKeys.signin, { _id: data.user._id, type: data.user.type, email: body.email });
      if (data.user.orgId) writeStore(storeKeys.org, { _id: data.user.orgId });
    }
    router.push(signedIn?.ok ? (returnTo ?? `/signup-thankyou/${section}`) : "/login");
    router.refresh();
  }

  return { submit, formError };
}

/** Ask the server whether an email is free; returns a message when it is taken. */
export async function emailTakenMessage(email: string): Promise<string | null> {
  if (!email || !email.includes("@")) return null;
  const res = await requestJson<{ available: boolean }>(`/api/check/${encodeURIComponent(email.trim())}`);
  if (!res.ok) return null;
  return res.data.available ? null : messages.email.taken;
}
