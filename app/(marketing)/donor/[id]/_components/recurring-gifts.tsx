"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { formatCents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";

type Gift = { id: string; organization: string; fundraiser: string; amountCents: number; status: "active" | "canceled"; nextChargeAt: string | null; createdAt: string };

/** Recurring gifts with Cancel and Change amount (dollars typed, cents sent). */
export function RecurringGifts({ gifts }: { gifts: Gift[] }) {
  if (gifts.length === 0) return null;
  return (
    <section aria-labelledby="recurring-heading" className="mt-8">
      <h2 id="recurring-heading" className="text-lg font-semibold text-ink">
        Recurring gifts
      </h2>
      <ul className="mt-4 space-y-3">
        {gifts.map((g) => (
          <RecurringGift key={g.id} gift={g} />
        ))}
      </ul>
    </section>
  );
}

function RecurringGift({ gift }: { gift: Gift }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState((gift.amountCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function call(method: "PUT" | "DELETE", body?: unknown) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/donor/recurring/${gift.id}`, {
        method,
        headers: body ? { "content-type": "application/json" } : undefined,
        body: body ? JSON.stringify(body) : undefined,
      });
      const data = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.status !== 200) return setError(data.message ?? messages.generic.server);
      setEditing(false);
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  const cents = Math.round(Number(amount) * 100);
  return (
    <li className="rounded-card border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">
            {formatCents(gift.amountCents)} monthly · {gift.organization}
          </p>
          <p className="text-sm text-ink-muted">
            {gift.fundraiser} · {gift.status === "active" ? "Active" : "Canceled"}
          </p>
        </div>
        {gift.status === "active" ? (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing((e) => !e)}>
              Change amount
            </Button>
            <Button variant="danger" size="sm" loading={busy && !editing} onClick={() => call("DELETE")}>
              Cancel gift
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <TextField label="New monthly amount (USD)" type="number" min="1" step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} />
          <Button loading={busy} disabled={!Number.isFinite(cents)} onClick={() => call("PUT", { amountCents: cents })}>
            Save amount
          </Button>
        </div>
      ) : null}
      {error ? <Alert variant="error" className="mt-3">{error}</Alert> : null}
    </li>
  );
}
