"use client";

import Link from "next/link";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import { DonorAccountForm } from "./donor-account-form";
import { NonprofitAccountForm } from "./nonprofit-account-form";
import { PasswordForm } from "./password-form";
import { SignOutEverywhere } from "./sign-out-everywhere";

/**
 * Account settings (spec: tabs Account and Password, plus Help and Contact Us links). Each tab
 * is its own form: DonorAccountForm or NonprofitAccountForm (AccountDetails for admins) and
 * PasswordForm.
 */
export function SettingsPanel({
  user,
  passwordOnly = false,
  onSaved,
  contactEmail,
}: {
  user: SessionUser;
  /** Nonprofits: the organization's current contact email, shown on the Account tab. */
  contactEmail?: string | null;
  passwordOnly?: boolean;
  /** Donors: called after a 200 from PUT /api/update/user (the green check beside the title). */
  onSaved?: () => void;
}) {
  const [tab, setTab] = useState<"account" | "password">(passwordOnly ? "password" : "account");
  if (passwordOnly) return <PasswordForm user={user} />;
  const tabs = [
    { id: "account", label: "Account" },
    { id: "password", label: "Password" },
  ] as const;
  return (
    <div>
      <div role="tablist" aria-label="Account settings" className="flex gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            id={`settings-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`settings-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 font-semibold",
              tab === t.id ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:text-ink",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} className="pt-5">
        {tab === "account" && sessionUserIs(user, "donor") ? (
          <DonorAccountForm user={user} onSaved={onSaved} />
        ) : tab === "account" && sessionUserIs(user, "nonprofit") ? (
          <NonprofitAccountForm user={user} contactEmail={contactEmail ?? null} />
        ) : tab === "account" ? (
          <AccountDetails user={user} />
        ) : (
          <>
            <PasswordForm user={user} />
            {!sessionUserIs(user, "admin") ? <SignOutEverywhere /> : null}
          </>
        )}
      </div>
      <p className="mt-6 flex gap-4 border-t border-slate-100 pt-4 text-sm">
        <Link href="/faq" className="font-semibold text-brand-700 hover:underline">
          Help
        </Link>
        <Link href="/about#contact" className="font-semibold text-brand-700 hover:underline">
          Contact Us
        </Link>
      </p>
    </div>
  );
}

/** The Account tab of an account without an editable profile (admins): what is on file. */
function AccountDetails({ user }: { user: SessionUser }) {
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="text-ink-muted">Email</dt>
        <dd className="font-medium break-all text-ink">{user.email}</dd>
      </div>
      <div>
        <dt className="text-ink-muted">Name</dt>
        <dd className="font-medium text-ink">{`${user.firstName} ${user.lastName}`.trim()}</dd>
      </div>
      {user.telephone ? (
        <div>
          <dt className="text-ink-muted">Phone</dt>
          <dd className="font-medium text-ink">{user.telephone}</dd>
        </div>
      ) : null}
    </dl>
  );
}
