"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Search } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { registerNonprofitSchema, registerNonprofitWithoutEinSchema } from "@/lib/validations/auth";
import { einField } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { AccountFields } from "./account-fields";
import { useSignup } from "./use-signup";
import { requestJson } from "@/lib/client/request";

type Match = { _id: string; ein: string | null; einFormatted: string | null; name: string; city: string | null; state: string | null; claimed: boolean };
type Lookup =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "found"; organization: Match }
  | { state: "claimed"; organization: Match }
  | { state: "missing" }
  | { state: "error"; message: string };

/**
 * Nonprofit sign-up: find the organization by EIN (or by name), then create the account
 * that claims it; or, without an EIN, register a new organization for admin approval.
 */
export function NonprofitSignup({ initialEin }: { initialEin: string }) {
  const [mode, setMode] = useState<"ein" | "withoutEin">("ein");
  const [ein, setEin] = useState(initialEin);
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [nameQuery, setNameQuery] = useState("");
  const [nameResults, setNameResults] = useState<Match[] | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  async function findByEin(value: string) {
    const parsed = einField.safeParse(value);
    if (!parsed.success) {
      setLookup({ state: "error", message: messages.organization.einInvalid });
      return;
    }
    setLookup({ state: "loading" });
    const res = await requestJson<{ exists?: boolean; claimed?: boolean; organization?: Match }>(`/api/find/nonprofitExists/${parsed.data}`);
    if (!res.ok) return setLookup({ state: "error", message: res.message });
    const data = res.data;
    if (!data.exists || !data.organization) return setLookup({ state: "missing" });
    setLookup({ state: data.claimed ? "claimed" : "found", organization: data.organization });
  }

  async function findByName() {
    setNameError(null);
    setNameResults(null);
    const res = await requestJson<{ organizations?: Match[] }>(`/api/checkGuidestar/${encodeURIComponent(nameQuery.trim())}`);
    if (!res.ok) return setNameError(res.message);
    setNameResults(res.data.organizations ?? []);
  }

  if (mode === "withoutEin") {
    return (
      <div className="mt-6">
        <Alert variant="info" title="Registering without an EIN">
          Your organization will be reviewed by our team before it can appear in search or receive donations.
        </Alert>
        <WithoutEinForm />
        <Button variant="link" className="mt-4" onClick={() => setMode("ein")}>
          I have an EIN
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-6 space-y-6">
      <form method="post"
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void findByEin(ein);
        }}
      >
        <TextField
          label="EIN (Employer Identification Number)"
          name="ein-lookup"
          inputMode="numeric"
          placeholder="12-3456789"
          value={ein}
          onChange={(e) => setEin(e.target.value)}
          containerClassName="flex-1"
          error={lookup.state === "error" ? lookup.message : undefined}
        />
        <Button type="submit" loading={lookup.state === "loading"} loadingLabel="Looking up...">
          Find my organization
        </Button>
      </form>

      {lookup.state === "claimed" ? <ContestOffer organization={lookup.organization} /> : null}
      {lookup.state === "missing" ? (
        <Alert
          variant="warning"
          action={
            <Button variant="outline" size="sm" onClick={() => setMode("withoutEin")}>
              Register without an EIN
            </Button>
          }
        >
          {messages.organization.einNotFound}
        </Alert>
      ) : null}
      {lookup.state === "found" ? <ClaimForm organization={lookup.organization} /> : null}

      {lookup.state !== "found" ? (
        <details className="rounded-control border border-slate-200 p-4">
          <summary className="cursor-pointer font-semibold text-ink">Don&apos;t know your EIN? Search by name</summary>
          <form method="post"
            noValidate
            className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void findByName();
            }}
          >
            <TextField
              label="Organization name"
              name="name-lookup"
              value={nameQuery}
              onChange={(e) => setNameQuery(e.target.value)}
              containerClassName="flex-1"
              error={nameError ?? undefined}
            />
            <Button type="submit" variant="outline" leftIcon={<Search className="size-4" aria-hidden="true" />}>
              Search
            </Button>
          </form>
          {nameResults ? (
            nameResults.length === 0 ? (
              <p className="mt-3 text-sm text-ink-muted">No organization with a name like that. Check the spelling or register without an EIN.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200" aria-label="Organizations found">
                {nameResults.map((m) => (
                  <li key={m._id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{m.name}</span>
                      <span className="text-sm text-ink-muted">
                        {[m.city, m.state].filter(Boolean).join(", ")} · EIN {m.einFormatted ?? "none"}
                        {m.claimed ? " · already claimed" : ""}
                      </span>
                    </span>
                    {m.ein && !m.claimed ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setEin(m.einFormatted ?? m.ein ?? "");
                          void findByEin(m.ein ?? "");
                        }}
                      >
                        This is us
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </details>
      ) : null}

      <p className="text-sm text-ink-muted">
        No EIN yet?{" "}
        <Button variant="link" onClick={() => setMode("withoutEin")}>
          Register without an EIN
        </Button>
      </p>
    </div>
  );
}

type ClaimValues = z.input<typeof registerNonprofitSchema>;

/**
 * The account that claims a found organization (POST /api/register/nonprofit) or, with
 * `contest`, that contests someone else's claim of it (POST /api/claim/contest).
 */
function ClaimForm({ organization, contest = false }: { organization: Match; contest?: boolean }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClaimValues>({
    resolver: zodResolver(registerNonprofitSchema) as never,
    mode: "onTouched",
    defaultValues: { ein: organization.ein ?? "" },
  });
  const { submit, formError, challenge } = useSignup<ClaimValues>(setError, { proofOfWork: true });

  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((v) => (contest ? submit("/api/claim/contest", v, "contest") : submit("/api/register/nonprofit", v, "nonprofit")))}
    >
      <div className="rounded-control border border-brand-200 bg-brand-50 p-4" aria-live="polite">
        <p className="text-sm text-brand-900">{contest ? "You contest the claim of:" : "We found your organization:"}</p>
        <p className="text-lg font-semibold text-ink">{organization.name}</p>
        <p className="text-sm text-ink-muted">
          {[organization.city, organization.state].filter(Boolean).join(", ")} · EIN {organization.einFormatted}
        </p>
      </div>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {errors.ein?.message ? <Alert variant="error">{errors.ein.message}</Alert> : null}
      <input type="hidden" {...register("ein")} />
      <AccountFields register={register} errors={errors} setError={setError} />
      {challenge}
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Creating your account...">
        {contest ? `Contest the claim of ${organization.name}` : `Claim ${organization.name}`}
      </Button>
    </form>
  );
}

/**
 * An organization someone else claimed: the person who runs it may contest the claim with an
 * account of its own (POST /api/claim/contest) and verify the same ways.
 */
function ContestOffer({ organization }: { organization: Match }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4">
      <Alert
        variant="warning"
        title={organization.name}
        action={
          open ? undefined : (
            <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
              {messages.claims.contestButton}
            </Button>
          )
        }
      >
        {messages.organization.alreadyClaimed} {messages.claims.contestOffer}
      </Alert>
      {open ? <ClaimForm organization={organization} contest /> : null}
    </div>
  );
}

type WithoutEinValues = z.input<typeof registerNonprofitWithoutEinSchema>;

/** A new organization without an EIN: POST /api/registerNonprofitWithoutEin/nonprofit. */
function WithoutEinForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WithoutEinValues>({ resolver: zodResolver(registerNonprofitWithoutEinSchema) as never, mode: "onTouched" });
  const { submit, formError } = useSignup<WithoutEinValues>(setError);

  return (
    <form method="post"
      noValidate
      className="mt-4 space-y-4"
      onSubmit={handleSubmit((v) => submit("/api/registerNonprofitWithoutEin/nonprofit", v, "pending"))}
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField label="Organization name" required {...register("organizationName")} error={errors.organizationName?.message} />
      <div className="grid gap-4 sm:grid-cols-[1fr_6rem_8rem]">
        <TextField label="City" required autoComplete="address-level2" {...register("city")} error={errors.city?.message} />
        <TextField label="State" required autoComplete="address-level1" maxLength={2} {...register("state")} error={errors.state?.message} />
        <TextField label="ZIP code" required autoComplete="postal-code" inputMode="numeric" {...register("zipcode")} error={errors.zipcode?.message} />
      </div>
      <AccountFields register={register} errors={errors} setError={setError} />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Creating your account...">
        Register for approval
      </Button>
    </form>
  );
}
