"use client";

/**
 * "Record an offline gift" on Manage Donations: a button opens a dialog (Radix: focus trapped,
 * Escape closes, focus returns) with one form (react-hook-form with the shared zod schema,
 * lib/validations/offline-gift.ts) for a gift received outside the platform. Choosing how it
 * was given shows only that kind's fields: a check's number, a donor-advised fund's name,
 * stock's description and shares, in-kind property's description (and no amount: the
 * organization does not value donated property, IRS Publication 1771). Then the date received,
 * the fundraiser, and the donor's name and email with the donor's consent. The server's answer
 * (POST /api/organizations/{id}/offline-gifts) puts its per-field messages under the fields;
 * on success the dialog closes, a status message says so (and takes the focus) and the
 * report reloads. "Edit" on a gift recorded offline opens the same dialog with the gift as
 * stored (GET /api/offline-gifts/{id}) and saves it with PUT.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { requestJson } from "@/lib/client/request";
import { DIRECT_DONATION, offlineMethodLabel } from "@/lib/donations/labels";
import { centsToDecimalString } from "@/lib/money";
import type { OfflineGiftView } from "@/lib/services/donations/offline-gifts";
import { messages } from "@/lib/validations/messages";
import { OFFLINE_GIFT_METHODS, offlineGiftBody, offlineGiftFormSchema, todayIn, type OfflineGiftFormValues } from "@/lib/validations/offline-gift";

const m = messages.offlineGifts;

/** Today's calendar day where the browser is (the default date received). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const emptyGift = (): OfflineGiftFormValues => ({
  method: "cash",
  receivedOn: localToday(),
  amount: "",
  campaignId: "",
  checkNumber: "",
  fundName: "",
  description: "",
  shares: "",
  donorName: "",
  donorEmail: "",
  donorConsent: false,
});

/** The form's field named by a server message's key (the API names the amount in cents). */
const formField = (key: string): keyof OfflineGiftFormValues | null => {
  if (key === "amountCents") return "amount";
  return key in emptyGift() ? (key as keyof OfflineGiftFormValues) : null;
};

/**
 * The form's values of a stored gift (its email was recorded with the donor's consent). A gift
 * imported as paid on another platform has none of the form's methods: the member chooses one.
 */
function storedGift(g: OfflineGiftView): OfflineGiftFormValues {
  return {
    method: (g.method === "other_platform" ? "" : g.method) as OfflineGiftFormValues["method"],
    receivedOn: g.receivedOn,
    amount: g.amountCents === null ? "" : centsToDecimalString(g.amountCents),
    campaignId: g.campaignId ?? "",
    checkNumber: g.details.checkNumber ?? "",
    fundName: g.details.fundName ?? "",
    description: g.details.description ?? "",
    shares: g.details.shares ?? "",
    donorName: g.donorName ?? "",
    donorEmail: g.donorEmail ?? "",
    donorConsent: Boolean(g.donorEmail),
  };
}

type Fundraisers = { id: string; name: string }[];

/** "Record an offline gift": the button, its dialog and the status message of the outcome. */
export function OfflineGiftButton({ organizationId, fundraisers, timeZone }: { organizationId: string; fundraisers: Fundraisers; timeZone: string }) {
  return (
    <OfflineGiftDialog
      organizationId={organizationId}
      timeZone={timeZone}
      fundraisers={fundraisers}
      title="Record an offline gift"
      trigger={(props) => (
        <Button variant="outline" size="sm" leftIcon={<Plus className="size-4" aria-hidden="true" />} {...props}>
          Record an offline gift
        </Button>
      )}
      className="sm:items-end"
    />
  );
}

/** "Edit" of one gift recorded offline; `what` names it for screen readers ("Offline: Check gift of $125.00 received Nov 10, 2026"). */
export function EditOfflineGiftButton({ organizationId, fundraisers, timeZone, donationId, what }: { organizationId: string; fundraisers: Fundraisers; timeZone: string; donationId: string; what: string }) {
  return (
    <OfflineGiftDialog
      organizationId={organizationId}
      timeZone={timeZone}
      fundraisers={fundraisers}
      donationId={donationId}
      title="Edit this offline gift"
      trigger={(props) => (
        <Button variant="outline" size="sm" aria-label={`Edit the ${what}`} {...props}>
          Edit
        </Button>
      )}
    />
  );
}

type DialogProps = {
  /** The organization's IANA zone: a date received is at most today there (the server checks it too). */
  timeZone: string;
  organizationId: string;
  fundraisers: Fundraisers;
  /** The gift to correct; none to record a new one. */
  donationId?: string;
  title: string;
  trigger: (props: { "aria-haspopup": "dialog" }) => ReactNode;
  className?: string;
};

function OfflineGiftDialog({ organizationId, timeZone, fundraisers, donationId, title, trigger, className }: DialogProps) {
  const router = useRouter();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Set when the gift was recorded: the closing dialog then hands the focus to the notice.
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => offlineGiftFormSchema(todayIn(timeZone)), [timeZone]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<OfflineGiftFormValues>({ resolver: zodResolver(schema) as never, defaultValues: emptyGift() });
  const method = useWatch({ control, name: "method" });
  const email = useWatch({ control, name: "donorEmail" });

  const [loading, setLoading] = useState(false);

  /** Opening for an edit: the gift as stored now. */
  async function load(id: string) {
    setLoading(true);
    const res = await requestJson<OfflineGiftView>(`/api/offline-gifts/${encodeURIComponent(id)}`, { fallback: messages.generic.server });
    setLoading(false);
    if (res.ok) reset(storedGift(res.data));
    else setError(res.status === 0 ? messages.generic.server : res.message);
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = donationId
      ? await requestJson<{ id: string }>(`/api/offline-gifts/${encodeURIComponent(donationId)}`, { method: "PUT", body: offlineGiftBody(values), fallback: m.saveFailed })
      : await requestJson<{ id: string }>(`/api/organizations/${encodeURIComponent(organizationId)}/offline-gifts`, { method: "POST", body: offlineGiftBody(values), fallback: m.saveFailed });
    if (!res.ok) {
      let placed = false;
      for (const [key, message] of Object.entries(res.fields)) {
        const field = formField(key);
        if (field) {
          setFieldError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setError(res.status === 0 ? messages.generic.server : res.message);
      return;
    }
    setSaved(true);
    setOpen(false);
    setNotice((n) => ({ id: (n?.id ?? 0) + 1, text: donationId ? m.updated : m.recorded }));
    router.refresh();
  });

  return (
    <div className={`flex flex-col items-start gap-2 ${className ?? ""}`}>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (isSubmitting) return;
          if (next) {
            setSaved(false);
            reset(emptyGift());
            setError(null);
            if (donationId) void load(donationId);
          }
          setOpen(next);
        }}
        preventClose={isSubmitting}
        focusAfterClose={() => (saved ? noticeRef.current : null)}
        title={title}
        description="A gift your organization received directly: cash, a check, a donor-advised fund grant, stock or goods."
        size="lg"
        trigger={trigger({ "aria-haspopup": "dialog" })}
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </ModalClose>
            <Button type="submit" form={formId} loading={isSubmitting} loadingLabel="Saving..." disabled={loading}>
              {donationId ? "Save changes" : "Record gift"}
            </Button>
          </>
        }
      >
        <form id={formId} method="post" noValidate onSubmit={onSubmit} aria-label="Offline gift" aria-busy={loading || undefined} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {error ? (
            <Alert variant="error" className="sm:col-span-2">
              {error}
            </Alert>
          ) : null}
          <Select
            label="How was it given?"
            required
            options={OFFLINE_GIFT_METHODS.map((value) => ({ value, label: offlineMethodLabel(value) }))}
            placeholder={method ? undefined : "Choose how it was given"}
            error={errors.method?.message}
            {...register("method")}
          />
          <TextField label="Date received" type="date" required max={localToday()} error={errors.receivedOn?.message} {...register("receivedOn")} />

          {method === "check" ? <TextField label="Check number" required autoComplete="off" maxLength={30} error={errors.checkNumber?.message} {...register("checkNumber")} /> : null}
          {method === "daf" ? (
            <TextField label="Donor-advised fund" hint="The fund or sponsoring organization that made the grant" required maxLength={200} error={errors.fundName?.message} {...register("fundName")} />
          ) : null}
          {method === "stock" ? (
            <>
              <TextField label="Stock" hint="Company and class, e.g. Acme Corp. common stock" required maxLength={500} error={errors.description?.message} {...register("description")} />
              <TextField label="Number of shares" inputMode="decimal" required autoComplete="off" error={errors.shares?.message} {...register("shares")} />
            </>
          ) : null}
          {method === "in_kind" ? (
            <TextAreaField
              label="What was given"
              hint="Describe the goods. Your organization does not state their value (IRS Publication 1771): the receipt describes them without an amount."
              required
              rows={3}
              maxLength={500}
              containerClassName="sm:col-span-2"
              error={errors.description?.message}
              {...register("description")}
            />
          ) : (
            <TextField
              label={method === "stock" ? "Value on the day, as the donor reports it (USD)" : "Amount (USD)"}
              hint={method === "stock" ? "The donor's figure: your organization does not appraise the shares." : undefined}
              inputMode="decimal"
              required
              autoComplete="off"
              error={errors.amount?.message}
              {...register("amount")}
            />
          )}
          <Select label="Fundraiser" error={errors.campaignId?.message} {...register("campaignId")}>
            <option value="">{DIRECT_DONATION}</option>
            {fundraisers.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>

          <fieldset className="grid grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 text-[0.95rem] font-semibold text-ink">Donor</legend>
            <TextField label="Donor name" autoComplete="off" maxLength={200} error={errors.donorName?.message} {...register("donorName")} />
            <TextField
              label="Donor email"
              type="email"
              autoComplete="off"
              hint="The email of an earlier gift links this gift to that donor."
              maxLength={254}
              error={errors.donorEmail?.message}
              {...register("donorEmail")}
            />
            <Checkbox
              containerClassName="sm:col-span-2"
              label="The donor agreed to have their email recorded"
              description={email ? "Required when you enter an email." : "Needed only when you enter an email."}
              error={errors.donorConsent?.message}
              {...register("donorConsent")}
            />
          </fieldset>
        </form>
      </Modal>
      <div aria-live="polite" role="status">
        {notice ? (
          <p key={notice.id} ref={noticeRef} tabIndex={-1} className="rounded-control border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 focus:outline-none" data-testid="offline-gift-notice">
            {notice.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
