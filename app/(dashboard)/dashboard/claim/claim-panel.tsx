"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { enterCodeAction, sendLetterAction, startEmailAction, type ClaimActionResult } from "./actions";

/** One way of verifying: its form, and the sentence its last attempt answered. */
function Way({ title, intro, children, result }: { title: string; intro: string; children: React.ReactNode; result: ClaimActionResult | null }) {
  return (
    <Card as="section" className="min-w-0">
      <CardTitle as="h2">{title}</CardTitle>
      <p className="mt-2 text-sm text-ink-muted">{intro}</p>
      <div className="mt-4 space-y-3">{children}</div>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`mt-3 text-sm ${result.ok ? "text-emerald-700" : "text-red-700"}`}>
          {result.message}
        </p>
      ) : null}
    </Card>
  );
}

/** The claimant's three ways to verify a pending claim (lib/services/claims). */
export function ClaimPanel({ irsAddress, letterSent, copy }: { irsAddress: string | null; letterSent: boolean; copy: { email: string; letter: string; document: string; uploadFailed: string } }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [results, setResults] = useState<Record<string, ClaimActionResult | null>>({ email: null, letter: null, document: null });
  const act = (key: string, fn: () => Promise<ClaimActionResult>) =>
    start(async () => {
      const result = await fn();
      setResults((r) => ({ ...r, [key]: result }));
      if (result.ok) router.refresh();
    });
  const onEmail = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    act("email", () => startEmailAction(String(f.get("website") ?? ""), String(f.get("email") ?? "")));
  };
  const onCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    act("letter", () => enterCodeAction(String(f.get("code") ?? "")));
  };
  const onDocument = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    // Through the upload route (multipart, the upload limits), not a server action (1 MB bodies).
    act("document", async () => {
      try {
        const res = await fetch("/api/claim/document", { method: "POST", body: f });
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        return { ok: res.ok, message: body.message ?? copy.uploadFailed };
      } catch {
        return { ok: false, message: copy.uploadFailed };
      }
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Way title="Email at your organization's domain" intro={copy.email} result={results.email ?? null}>
        <form method="post" onSubmit={onEmail} className="space-y-3">
          <label className="block text-sm font-medium" htmlFor="claim-website">Organization website</label>
          <Input id="claim-website" name="website" placeholder="www.example.org" required />
          <label className="block text-sm font-medium" htmlFor="claim-email">Your email at that website</label>
          <Input id="claim-email" name="email" type="email" placeholder="you@example.org" required />
          <Button type="submit" disabled={pending}>Send confirmation link</Button>
        </form>
      </Way>
      <Way title="Letter to the IRS address" intro={irsAddress ? `${copy.letter} ${irsAddress}` : copy.letter} result={results.letter ?? null}>
        <Button type="button" variant="outline" disabled={pending || !irsAddress} onClick={() => act("letter", sendLetterAction)}>
          {letterSent ? "Send a new letter" : "Mail me a letter"}
        </Button>
        <form method="post" onSubmit={onCode} className="space-y-3">
          <label className="block text-sm font-medium" htmlFor="claim-code">Code from the letter</label>
          <Input id="claim-code" name="code" autoComplete="one-time-code" placeholder="ABCD-EFGH" required />
          <Button type="submit" disabled={pending}>Verify with the code</Button>
        </form>
      </Way>
      <Way title="Document review" intro={copy.document} result={results.document ?? null}>
        <form method="post" onSubmit={onDocument} className="space-y-3">
          <label className="block text-sm font-medium" htmlFor="claim-document">IRS determination letter or Form 990 first page</label>
          <input id="claim-document" name="file" type="file" accept="application/pdf,image/png,image/jpeg" required className="block w-full text-sm" />
          <Button type="submit" disabled={pending}>Upload for review</Button>
        </form>
      </Way>
    </div>
  );
}
