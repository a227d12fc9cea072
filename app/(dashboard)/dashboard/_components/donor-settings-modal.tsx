"use client";

import { BadgeCheck, Settings } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/dialog";
import type { SessionUser } from "@/lib/auth/types";
import { SettingsPanel } from "./settings-panel";
import { tileButtonClasses } from "./tile";

/**
 * The donor's Account Settings tile and popup. After a save with status 200 a green verified
 * check shows beside the title; closing resets the form and its validation (spec 4).
 */
export function DonorSettingsModal({ user, defaultOpen }: { user: SessionUser; defaultOpen?: boolean }) {
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      defaultOpen={defaultOpen}
      onOpenChange={(open) => {
        if (!open) setSaved(false);
      }}
      title={
        <span className="inline-flex items-center gap-2">
          Account Settings
          {saved ? <BadgeCheck className="size-6 text-emerald-600" role="img" aria-label="Saved" /> : null}
        </span>
      }
      trigger={
        <button type="button" className={tileButtonClasses}>
          <Settings className="size-7 text-brand-700" aria-hidden />
          <span className="font-semibold text-ink">Account Settings</span>
          <span className="text-sm text-ink-muted">Password, email and phone</span>
        </button>
      }
    >
      <SettingsPanel user={user} onSaved={() => setSaved(true)} />
    </Modal>
  );
}
