"use client";

/**
 * The budget of one fundraiser, edited by its organization: planned spending lines (what the
 * money is for and how much, in dollars on screen and cents on the wire) shown against the
 * money raised, saved with PUT /api/budgets/{campaignId}; and the "Publish on profile" toggle
 * that shows the budget on the public profile. Save and toggle outcomes are announced in an
 * aria-live region; invalid lines show their message next to the field.
 */
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/input";
import { ProgressBar } from "@/components/ui/progress-bar";
import { centsToDecimalString, formatCents, parseDollarsToCents } from "@/lib/money";
import type { FundraiserBudget } from "@/lib/services/reports/budgets";
import { messages } from "@/lib/validations/messages";
import { BUDGET_MAX_LINE_CENTS, BUDGET_MAX_LINES } from "@/lib/validations/report";
import { requestJson } from "@/lib/client/request";

type Draft = { key: string; label: string; amount: string };
type LineErrors = { label?: string; amount?: string };

let seq = 0;
const newKey = () => `line-${++seq}`;

function validate(lines: Draft[]): { errors: LineErrors[]; cents: (number | null)[] } {
  const cents = lines.map((l) => parseDollarsToCents(l.amount));
  const errors = lines.map((l, i): LineErrors => {
    const e: LineErrors = {};
    if (!l.label.trim()) e.label = messages.budgets.labelRequired;
    else if (l.label.trim().length > 120) e.label = messages.budgets.labelTooLong;
    const c = cents[i];
    if (c === null || c === undefined) e.amount = messages.budgets.amountInvalid;
    else if (c < 1) e.amount = messages.budgets.amountMin;
    else if (c > BUDGET_MAX_LINE_CENTS) e.amount = messages.budgets.amountMax;
    return e;
  });
  return { errors, cents };
}

export function BudgetEditor({ budget: initial }: { budget: FundraiserBudget }) {
  const [budget, setBudget] = useState(initial);
  const [lines, setLines] = useState<Draft[]>(() => initial.lines.map((l) => ({ key: l.id, label: l.label, amount: centsToDecimalString(l.amountCents) })));
  const [errors, setErrors] = useState<LineErrors[]>([]);
  const [status, setStatus] = useState<{ kind: "idle" | "saving" | "ok" | "error"; text: string }>({ kind: "idle", text: "" });
  const [publishing, setPublishing] = useState(false);
  const titleId = useId();

  const draftCents = lines.map((l) => parseDollarsToCents(l.amount) ?? 0).reduce((s, c) => s + c, 0);

  async function put(body: { lines?: { label: string; amountCents: number }[]; published?: boolean }): Promise<FundraiserBudget | string> {
    const res = await requestJson<FundraiserBudget>(`/api/budgets/${encodeURIComponent(budget.campaignId)}`, { method: "PUT", body, fallback: messages.budgets.saveFailed });
    return res.ok ? res.data : res.message;
  }

  async function save() {
    const { errors: errs, cents } = validate(lines);
    setErrors(errs);
    if (errs.some((e) => e.label || e.amount)) {
      setStatus({ kind: "error", text: "Please fix the highlighted items." });
      return;
    }
    setStatus({ kind: "saving", text: "Saving the budget..." });
    const result = await put({ lines: lines.map((l, i) => ({ label: l.label.trim(), amountCents: cents[i]! })) });
    if (typeof result === "string") {
      setStatus({ kind: "error", text: result });
      return;
    }
    setBudget(result);
    setLines(result.lines.map((l) => ({ key: l.id, label: l.label, amount: centsToDecimalString(l.amountCents) })));
    setStatus({ kind: "ok", text: messages.budgets.saved });
  }

  async function togglePublished(next: boolean) {
    setPublishing(true);
    const result = await put({ published: next });
    setPublishing(false);
    if (typeof result === "string") {
      setStatus({ kind: "error", text: result });
      return;
    }
    setBudget(result);
    setStatus({ kind: "ok", text: next ? "The budget is now shown on your public profile." : "The budget is no longer shown on your public profile." });
  }

  const update = (i: number, patch: Partial<Draft>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <Card as="section" aria-labelledby={titleId} className="min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle as="h2">
            <span id={titleId} className="break-words">
              {budget.campaignName}
            </span>
          </CardTitle>
          <p className="mt-1 text-sm text-ink-muted">
            {budget.status === "ended" ? "Ended · " : ""}Goal {formatCents(budget.goalCents)}
          </p>
        </div>
        <Checkbox
          label="Publish on profile"
          description="Show this budget next to the money raised on your public profile."
          checked={budget.published}
          disabled={publishing}
          onChange={(e) => togglePublished(e.target.checked)}
          containerClassName="max-w-xs"
        />
      </div>

      <div className="mt-4 space-y-1">
        <p className="text-sm">
          Raised <strong className="tabular-nums">{formatCents(budget.progressCents)}</strong> of <strong className="tabular-nums">{formatCents(budget.plannedCents)}</strong> planned
        </p>
        <ProgressBar
          value={budget.progressCents}
          max={budget.plannedCents}
          label={`Money raised against the planned budget of ${budget.campaignName}`}
          valueText={`${formatCents(budget.progressCents)} of ${formatCents(budget.plannedCents)}`}
          showPercent
          size="sm"
        />
      </div>

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold">Planned spending</legend>
        {lines.length === 0 ? <p className="mt-2 text-sm text-ink-muted">No budget items yet. Add what the money will pay for.</p> : null}
        <ul className="mt-2 space-y-3">
          {lines.map((l, i) => (
            <li key={l.key} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_10rem_auto]">
              <TextField
                label={`Item ${i + 1}`}
                value={l.label}
                maxLength={120}
                onChange={(e) => update(i, { label: e.target.value })}
                error={errors[i]?.label}
                containerClassName="col-span-2 sm:col-span-1"
              />
              <TextField
                label={`Amount of item ${i + 1} (USD)`}
                inputMode="decimal"
                value={l.amount}
                onChange={(e) => update(i, { amount: e.target.value })}
                error={errors[i]?.amount}
                placeholder="0.00"
              />
              <Button
                variant="ghost"
                size="icon"
                className="mt-7"
                aria-label={`Remove item ${i + 1}${l.label ? `: ${l.label}` : ""}`}
                onClick={() => {
                  setLines((ls) => ls.filter((_, j) => j !== i));
                  setErrors((es) => es.filter((_, j) => j !== i));
                }}
              >
                <Trash2 className="size-5" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={lines.length >= BUDGET_MAX_LINES}
            onClick={() => setLines((ls) => [...ls, { key: newKey(), label: "", amount: "" }])}
            leftIcon={<Plus className="size-4" aria-hidden="true" />}
          >
            Add item
          </Button>
          <span className="text-sm text-ink-muted">Total of the items: {formatCents(draftCents)}</span>
        </div>
      </fieldset>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button onClick={save} loading={status.kind === "saving"} loadingLabel="Saving the budget...">
          Save budget
        </Button>
        <p role="status" aria-live="polite" className={status.kind === "error" ? "text-sm text-red-700" : "text-sm text-ink-muted"}>
          {status.kind === "saving" ? "" : status.text}
        </p>
      </div>
    </Card>
  );
}
