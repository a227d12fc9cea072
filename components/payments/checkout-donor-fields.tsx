"use client";

/**
 * The checkout's "Your details" section: a guest's name and email (a signed-in donor is named
 * instead), giving anonymously, and which details this nonprofit may see of this gift.
 */
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/input";
import type { ShareChoices } from "@/lib/validations/donation";

const SHARE_FIELDS: { key: keyof ShareChoices; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "email", label: "Email" },
  { key: "location", label: "Location" },
  { key: "phone", label: "Phone" },
  { key: "gender", label: "Gender" },
  { key: "age", label: "Age" },
];

/**
 * The donor fieldset; `errors` are field messages keyed by field name (name, email). `pending`:
 * who is giving is not known yet (the donate page served from cache asks in the browser).
 */
export function DonorFields({
  donor,
  pending = false,
  organizationName,
  name,
  onName,
  email,
  onEmail,
  errors,
  anonymous,
  onAnonymous,
  share,
  onToggleShare,
}: {
  donor: { name: string; email: string } | null;
  pending?: boolean;
  organizationName: string;
  name: string;
  onName: (name: string) => void;
  email: string;
  onEmail: (email: string) => void;
  errors: Record<string, string>;
  anonymous: boolean;
  onAnonymous: (anonymous: boolean) => void;
  share: ShareChoices;
  onToggleShare: (field: keyof ShareChoices) => void;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-bold">Your details</legend>
      {pending ? (
        <p className="mt-2 text-ink-muted" role="status" data-testid="checkout-visitor-pending">
          Loading your details…
        </p>
      ) : donor ? (
        <p className="mt-2 text-ink-muted">
          Giving as <strong className="text-ink">{donor.name || donor.email}</strong> ({donor.email})
        </p>
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField label="Full name" name="name" autoComplete="name" required value={name} onChange={(e) => onName(e.target.value)} error={errors.name} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => onEmail(e.target.value)}
            error={errors.email}
            hint="Your receipt is sent here."
          />
        </div>
      )}
      <div className="mt-4">
        <Checkbox label="Give anonymously" description="The nonprofit will not see who you are." checked={anonymous} onChange={(e) => onAnonymous(e.target.checked)} />
      </div>
      <div className="mt-4">
        <p className="text-sm font-semibold">Share with {organizationName}</p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {SHARE_FIELDS.map((f) => (
            <Checkbox key={f.key} label={f.label} checked={!anonymous && share[f.key]} disabled={anonymous} onChange={() => onToggleShare(f.key)} />
          ))}
        </div>
      </div>
    </fieldset>
  );
}
