"use client";

/**
 * Shared pieces of the owner's in-place editors on /nonprofit/{id}: the JSON call with the
 * spec's organization-update failure alert, the section states of spec section 4 (default
 * view, edit, saving, back to default; Cancel discards) and their buttons.
 */
import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

export type SendResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/**
 * Send a JSON request (lib/client/request.ts). Saves succeed only on HTTP 200 (spec 8). A
 * failure gives the server's message for input it refused (400, 409, 422) when
 * `serverMessages` is set, else the spec's 'We encountered an error. Please contact us if it
 * happens again, thanks!'.
 */
export async function sendJson<T>(url: string, method: "GET" | "PUT", body?: unknown, serverMessages = true): Promise<SendResult<T>> {
  const res = await requestJson<T>(url, { method, body, fallback: messages.organization.updateFailed });
  if (res.ok && res.status === 200) return { ok: true, data: res.data };
  const refused = res.status === 400 || res.status === 409 || res.status === 422;
  return { ok: false, status: res.status, message: serverMessages && refused && !res.ok ? res.message : messages.organization.updateFailed };
}

/** Section state (spec 4): default view, edit, saving. */
export type EditState = "view" | "edit" | "saving";

/**
 * State of one editable section. Entering edit mode focuses the first field of `formRef`;
 * going back to the default view returns focus to the Edit button.
 */
export function useEditState() {
  const [state, setState] = useState<EditState>("view");
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const previous = useRef<EditState>("view");
  useEffect(() => {
    if (previous.current === "view" && state === "edit") {
      formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]):not([type=file]), textarea, select")?.focus();
    } else if (previous.current !== "view" && state === "view") {
      editButtonRef.current?.focus();
    }
    previous.current = state;
  }, [state]);
  return { state, setState, editButtonRef, formRef };
}

/**
 * One editable section with its save: `save(url, payload)` PUTs the payload, shows the
 * failure alert and returns to editing on anything but 200, and otherwise stays in
 * "Saving…" until the refreshed server view arrives, then shows it (spec 4's states).
 */
export function useSectionSave() {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const edit = useEditState();
  const [alert, setAlert] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState(0);
  const save = async (url: string, payload: unknown) => {
    setAlert(null);
    edit.setState("saving");
    const result = await sendJson(url, "PUT", payload);
    if (!result.ok) {
      setAlert(result.message);
      edit.setState("edit");
      return;
    }
    setSavedAt(Date.now());
    startTransition(() => {
      edit.setState("view");
      router.refresh();
    });
  };
  return { ...edit, alert, setAlert, savedAt, save };
}

/** The section heading row with its Edit button (hidden while editing; disabled until the editor's code has loaded). */
export function SectionHeader({
  title,
  headingId,
  editLabel,
  state,
  onEdit,
  editButtonRef,
  as: Heading = "h2",
}: {
  title: ReactNode;
  headingId: string;
  editLabel: string;
  state: EditState;
  onEdit: () => void;
  editButtonRef: React.RefObject<HTMLButtonElement | null>;
  as?: "h2" | "h3";
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Heading id={headingId} className="text-lg font-bold text-ink">
        {title}
      </Heading>
      {state === "view" ? (
        <Button ref={editButtonRef} size="sm" variant="outline" leftIcon={<Pencil className="size-4" aria-hidden="true" />} onClick={onEdit} aria-label={editLabel} disabled={!hydrated}>
          Edit
        </Button>
      ) : null}
    </div>
  );
}

/** Save and Cancel; while saving the Save button reads 'Saving…' and both are disabled. */
export function FormActions({ state, onCancel, saveLabel = "Save" }: { state: EditState; onCancel: () => void; saveLabel?: string }) {
  const saving = state === "saving";
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" loading={saving} loadingLabel="Saving…">
        {saving ? "Saving…" : saveLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </div>
  );
}

/** A polite live region announcing 'Saving…' and 'Saved.' (visually hidden). */
export function SaveAnnouncer({ state, savedAt }: { state: EditState; savedAt: number }) {
  return (
    <p className="sr-only" role="status" aria-live="polite">
      {state === "saving" ? "Saving…" : savedAt ? "Saved." : ""}
    </p>
  );
}
