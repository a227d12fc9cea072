"use client";

import { UserPen } from "lucide-react";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { SessionUser } from "@/lib/auth/types";
import { ageRangeLabels, type UserPreferences } from "@/lib/validations/donor";
import { profilePhoneField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { tileButtonClasses } from "./tile";
import { requestJson } from "@/lib/client/request";

const shareKeys = ["name", "email", "telephone", "location", "gender", "age"] as const;
const shareLabels: Record<(typeof shareKeys)[number], string> = {
  name: "Name",
  email: "Email",
  telephone: "Telephone",
  location: "Location (city and state)",
  gender: "Gender",
  age: "Age",
};
const genderChoices = [
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "non-binary", label: "Non-binary" },
  { value: "other", label: "Other" },
];

type Form = {
  firstName: string;
  lastName: string;
  organization_company: string;
  prefs: UserPreferences;
};

/**
 * The Edit My Profile tile and modal (spec 2 and 4): photo, names, Organization/Company and
 * PREFERENCES. Opening loads GET /api/fetch/userPreferences/{id} ('LOADING PREFERENCES...');
 * "Other" gender reveals a text input; Save is disabled while the phone is invalid; on 200
 * from PUT /api/update/user the session is updated and the modal closes.
 */
export function DonorProfileModal({ user, initialPreferences }: { user: SessionUser; initialPreferences?: UserPreferences }) {
  // /dashboard/profile opens the modal at once with the preferences loaded on the server.
  const [open, setOpen] = useState(Boolean(initialPreferences));
  const [form, setForm] = useState<Form | null>(() =>
    initialPreferences
      ? { firstName: user.firstName, lastName: user.lastName, organization_company: user.organization_company, prefs: initialPreferences }
      : null,
  );
  const [loadError, setLoadError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { update } = useSession();
  const router = useRouter();

  async function fetchPreferences() {
    const res = await requestJson<UserPreferences>(`/api/fetch/userPreferences/${encodeURIComponent(user._id)}`, { cache: "no-store" });
    if (!res.ok || res.status !== 200) return setLoadError(true);
    setForm({ firstName: user.firstName, lastName: user.lastName, organization_company: user.organization_company, prefs: res.data });
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setForm(null);
      setLoadError(false);
      setSaveError(null);
      void fetchPreferences();
    }
  }

  const phoneCheck = form ? profilePhoneField.safeParse(form.prefs.telephone) : null;
  const phoneError = phoneCheck && !phoneCheck.success ? phoneCheck.error.issues[0]?.message : undefined;
  const setPrefs = (p: Partial<UserPreferences>) => setForm((f) => (f ? { ...f, prefs: { ...f.prefs, ...p } } : f));

  async function save() {
    if (!form || phoneError) return;
    setSaving(true);
    setSaveError(null);
    try {
      const res = await requestJson("/api/update/user", {
        method: "PUT",
        body: {
          _id: user._id,
          firstName: form.firstName,
          lastName: form.lastName,
          organization_company: form.organization_company,
          ShareMyPrivateInfo: form.prefs.ShareMyPrivateInfo,
          demographic: form.prefs.demographic,
          otherGender: form.prefs.otherGender,
          address: form.prefs.address,
          telephone: form.prefs.telephone,
        },
      });
      if (res.ok) {
        await update();
        setOpen(false);
        router.refresh();
        return;
      }
      setSaveError(res.message);
    } catch {
      setSaveError(messages.generic.server);
    } finally {
      setSaving(false);
    }
  }


  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Edit My Profile"
      size="lg"
      trigger={
        <button type="button" className={tileButtonClasses}>
          <UserPen className="size-7 text-brand-700" aria-hidden />
          <span className="font-semibold text-ink">Edit My Profile</span>
          <span className="text-sm text-ink-muted">Photo, name and what you share</span>
        </button>
      }
      footer={
        form ? (
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={save} disabled={Boolean(phoneError)} loading={saving} loadingLabel="Saving...">
              Save
            </Button>
          </>
        ) : null
      }
    >
      {loadError ? (
        <Alert variant="error">We could not load your preferences. Please close this window and try again.</Alert>
      ) : !form ? (
        <p role="status" className="py-10 text-center font-semibold tracking-wide text-ink-muted">
          LOADING PREFERENCES...
        </p>
      ) : (
        <div className="space-y-5">
          {saveError ? <Alert variant="error">{saveError}</Alert> : null}
          <div className="flex items-center gap-4">
            <UserAvatar src={user.profileImg} size={64} alt="Your profile photo" />
            <p className="text-sm text-ink-muted">Your profile image appears on your dashboard and in the menu.</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} autoComplete="given-name" />
            <TextField label="Last name" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} autoComplete="family-name" />
          </div>
          <TextField
            label="Organization/Company"
            value={form.organization_company}
            onChange={(e) => setForm({ ...form, organization_company: e.target.value })}
            autoComplete="organization"
          />

          <section aria-labelledby="prefs-heading" className="border-t border-slate-100 pt-4">
            <h3 id="prefs-heading" className="text-sm font-bold tracking-wider text-ink">
              PREFERENCES
            </h3>
            <fieldset className="mt-3">
              <legend className="text-sm font-semibold text-ink">Share with nonprofits when I donate</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {shareKeys.map((k) => (
                  <Checkbox
                    key={k}
                    label={shareLabels[k]}
                    checked={form.prefs.ShareMyPrivateInfo[k]}
                    onChange={(e) => setPrefs({ ShareMyPrivateInfo: { ...form.prefs.ShareMyPrivateInfo, [k]: e.target.checked } })}
                  />
                ))}
              </div>
            </fieldset>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Select
                label="Gender"
                placeholder="Prefer not to say"
                options={genderChoices}
                value={form.prefs.demographic.gender ?? ""}
                onChange={(e) =>
                  setPrefs({ demographic: { ...form.prefs.demographic, gender: (e.target.value || null) as UserPreferences["demographic"]["gender"] } })
                }
              />
              <Select
                label="Age"
                placeholder="Prefer not to say"
                options={ageRangeLabels.map((l, i) => ({ value: String(i), label: l }))}
                value={form.prefs.demographic.age === null ? "" : String(form.prefs.demographic.age)}
                onChange={(e) => setPrefs({ demographic: { ...form.prefs.demographic, age: e.target.value === "" ? null : Number(e.target.value) } })}
              />
            </div>
            {form.prefs.demographic.gender === "other" ? (
              <TextField
                containerClassName="mt-4"
                label="Your gender"
                value={form.prefs.otherGender}
                maxLength={80}
                onChange={(e) => setPrefs({ otherGender: e.target.value })}
              />
            ) : null}
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField label="City" value={form.prefs.address.city} onChange={(e) => setPrefs({ address: { ...form.prefs.address, city: e.target.value } })} autoComplete="address-level2" />
              <TextField label="State" value={form.prefs.address.state} onChange={(e) => setPrefs({ address: { ...form.prefs.address, state: e.target.value } })} autoComplete="address-level1" />
            </div>
            <TextField
              containerClassName="mt-4"
              label="Telephone"
              type="tel"
              inputMode="numeric"
              value={form.prefs.telephone}
              onChange={(e) => setPrefs({ telephone: e.target.value })}
              error={phoneError}
              autoComplete="tel"
            />
          </section>
        </div>
      )}
    </Modal>
  );
}
