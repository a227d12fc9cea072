"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { storeKeys, writeStore } from "@/lib/client/stores";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";
import { useCheckoutChallenge } from "@/components/payments/checkout-challenge";


/**
 * Submit a sign-up payload, sign the new account in and go to the thank-you page (or to
 * `returnTo`, the same-site path the visitor was in the middle of). With `proofOfWork`, a
 * server that asks for the invisible check (field `challenge`) gets it solved and the payload
 * once more; render `challenge` (the widget) inside the form.
 * Field errors from the server are shown on their fields; anything else as a form error.
 */
export function useSignup<T extends FieldValues & { email: string; password: string }>(setError: UseFormSetError<T>, options: { proofOfWork?: boolean } = {}) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const check = useCheckoutChallenge(!!options.proofOfWork, { preload: false });

  async function submit(url: string, body: T, section: string, returnTo: string | null = null) {
    setFormError(null);
    type Created = { user?: { _id: string; type: string; orgId: string | null } };
    let res = await requestJson<Created>(url, { method: "POST", body });
    // Past the address's free claims the server asks for the proof-of-work check: solve it and send once more.
    if (!res.ok && options.proofOfWork && "challenge" in res.fields) {
      const altcha = await check.take();
      if (altcha) res = await requestJson<Created>(url, { method: "POST", body: { ...body, altcha } });
    }
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

  return { submit, formError, challenge: check.element };
}

/** Ask the server whether an email is free; returns a message when it is taken. */
export async function emailTakenMessage(email: string): Promise<string | null> {
  if (!email || !email.includes("@")) return null;
  const res = await requestJson<{ available: boolean }>(`/api/check/${encodeURIComponent(email.trim())}`);
  if (!res.ok) return null;
  return res.data.available ? null : messages.email.taken;
}
