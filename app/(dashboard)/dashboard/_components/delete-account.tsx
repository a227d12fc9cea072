"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { clearSignInStores } from "@/lib/client/stores";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

/**
 * Delete account (spec 4): a confirm question; No cancels; Yes deletes (DELETE /api/account)
 * and shows a goodbye message whose Close button leaves for the home page.
 */
export function DeleteAccount({ kind }: { kind: "individual" | "nonprofit" }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<"ask" | "deleting" | "gone" | "error">("ask");

  async function confirm() {
    setState("deleting");
    const res = await requestJson("/api/account", { method: "DELETE" });
    setState(res.ok && res.status === 200 ? "gone" : "error");
  }

  async function close() {
    clearSignInStores();
    await signOut({ redirect: false }).catch(() => undefined);
    router.push("/");
    router.refresh();
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (state === "gone" && !next) return void close();
        setOpen(next);
        if (next) setState("ask");
      }}
      preventClose={state === "deleting"}
      title="Delete account"
      size="sm"
      trigger={
        <Button variant="link" className="text-red-700">
          Delete my account
        </Button>
      }
      footer={
        state === "gone" ? (
          <Button onClick={close}>Close</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={state === "deleting"}>
              No
            </Button>
            <Button variant="danger" onClick={confirm} loading={state === "deleting"} loadingLabel="Deleting...">
              Yes
            </Button>
          </>
        )
      }
    >
      {state === "gone" ? (
        <p role="status" className="text-ink">
          {kind === "nonprofit" ? messages.organization.accountDeleted : messages.donor.deleted}
        </p>
      ) : (
        <div className="space-y-3">
          {state === "error" ? <Alert variant="error">{messages.generic.server}</Alert> : null}
          <p className="text-ink">Are you sure you want to delete your account?</p>
          <p className="text-sm text-ink-muted">
            {kind === "nonprofit"
              ? "Your sign-in is removed and your organization is released: its fundraisers end, recurring gifts to it stop and payments are disconnected. Donation records stay for your books."
              : "Your gifts stay on the nonprofits' books without your name or contact details. Your preferences, volunteer hours and sign-in are removed."}
          </p>
        </div>
      )}
    </Modal>
  );
}
