"use client";

/**
 * The confirm button of the unsubscribe page: POST /api/supporter-pages/unsubscribe with the
 * link's page and token (opening the link changes nothing; this button does). The outcome is
 * announced in place of the button.
 */
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";

/** The "Unsubscribe" button for page `pageId` with its link's `token`; the outcome replaces it. */
export function UnsubscribeConfirm({ pageId, token }: { pageId: string; token: string }) {
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "done" | "error"; text: string }>({ kind: "idle" });

  if (state.kind === "done") return <Alert variant="success">{state.text}</Alert>;
  return (
    <form
      method="post"
      noValidate
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setState({ kind: "sending" });
        const res = await requestJson<{ message: string }>("/api/supporter-pages/unsubscribe", { method: "POST", body: { page: pageId, token }, fallback: messages.generic.server });
        setState(res.ok ? { kind: "done", text: res.data.message } : { kind: "error", text: res.message });
      }}
    >
      {state.kind === "error" ? <Alert variant="error">{state.text}</Alert> : null}
      <Button type="submit" loading={state.kind === "sending"} loadingLabel="Unsubscribing...">
        Unsubscribe
      </Button>
    </form>
  );
}
