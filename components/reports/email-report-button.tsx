"use client";

/**
 * "Email report": POST /api/emailDonorReport with the current filters; the CSV goes to the
 * nonprofit account's email. The outcome is announced in an aria-live region.
 */
import { Mail } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

type Filters = { duration: string; fundraiser: string; startDate?: string; endDate?: string; supporterPage?: string; team?: string };

export function EmailReportButton({ filters }: { filters: Filters }) {
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" | "error"; text: string }>({ kind: "idle", text: "" });

  async function send() {
    setState({ kind: "sending", text: "Sending the report..." });
    const res = await requestJson<{ message?: string }>("/api/emailDonorReport", { method: "POST", body: filters, fallback: messages.reports.emailFailed });
    if (!res.ok) setState({ kind: "error", text: res.message });
    else setState({ kind: "sent", text: res.data.message ?? "The report is on its way." });
  }

  return (
    <div className="flex flex-col gap-1">
      <Button type="button" variant="outline" onClick={send} loading={state.kind === "sending"} loadingLabel="Sending the report..." leftIcon={<Mail className="size-4" aria-hidden="true" />}>
        Email report
      </Button>
      <p role="status" aria-live="polite" className={state.kind === "error" ? "text-sm text-red-700" : "text-sm text-ink-muted"}>
        {state.text}
      </p>
    </div>
  );
}
