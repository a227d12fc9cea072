"use client";

/**
 * The fields of a dedicated gift (checkout-tribute-fields.tsx shows them once the donor ticks
 * "Dedicate this gift"): "In honor of" or "In memory of" a name, and optionally a card emailed
 * to a recipient on a day the donor picks (today or later, at most a year ahead, in the
 * donor's own time zone, which the browser reports), with a message and whether the card
 * shows the amount. The rules and messages are the server's (tributeSchema,
 * lib/validations/donation.ts).
 */
import { Checkbox } from "@/components/ui/checkbox";
import { TextAreaField, TextField } from "@/components/ui/input";
import type { CheckoutFormValues } from "@/lib/validations/donation";
import { TRIBUTE_MESSAGE_MAX, TRIBUTE_NAME_MAX, sameDayNextYear, todayInTimeZone } from "@/lib/validations/tribute-fields";
import { browserTimeZone } from "./checkout-tribute-fields";

/** The checkout form's dedication value. */
export type Tribute = CheckoutFormValues["tribute"];

/** The honoree and card fields of a dedicated gift; `errors` are field messages keyed "tribute.<field>". */
export function TributeDetails({ tribute, onTribute, errors }: { tribute: Tribute; onTribute: (tribute: Tribute) => void; errors: Record<string, string> }) {
  const set = (change: Partial<Tribute>) => onTribute({ ...tribute, ...change });
  const zone = tribute.timeZone || browserTimeZone();
  const today = todayInTimeZone(zone);
  return (
    <div className="mt-4 space-y-4 border-l-2 border-slate-200 pl-3 sm:pl-4">
      <div role="radiogroup" aria-label="Dedication" className="flex flex-wrap gap-x-6 gap-y-2">
        {(["honor", "memory"] as const).map((type) => (
          <label key={type} className="inline-flex cursor-pointer items-center gap-2">
            <input type="radio" name="tribute.type" value={type} checked={tribute.type === type} onChange={() => set({ type })} className="size-5 accent-brand-700" />
            {type === "honor" ? "In honor of" : "In memory of"}
          </label>
        ))}
      </div>
      <TextField
        label={tribute.type === "memory" ? "In memory of (name)" : "In honor of (name)"}
        name="tribute.name"
        required
        maxLength={TRIBUTE_NAME_MAX}
        value={tribute.name}
        onChange={(e) => set({ name: e.target.value })}
        error={errors["tribute.name"]}
      />
      <Checkbox
        label="Email a card about this gift"
        description="We send it on the day you choose, at 9 AM your time."
        checked={tribute.sendCard}
        onChange={(e) => set({ sendCard: e.target.checked, timeZone: browserTimeZone() })}
      />
      {tribute.sendCard ? (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Recipient's name" name="tribute.recipientName" required autoComplete="off" value={tribute.recipientName} onChange={(e) => set({ recipientName: e.target.value })} error={errors["tribute.recipientName"]} />
            <TextField
              label="Recipient's email"
              name="tribute.recipientEmail"
              type="email"
              required
              autoComplete="off"
              value={tribute.recipientEmail}
              onChange={(e) => set({ recipientEmail: e.target.value })}
              error={errors["tribute.recipientEmail"]}
            />
          </div>
          <TextAreaField
            label="Message (optional)"
            name="tribute.message"
            rows={3}
            maxLength={TRIBUTE_MESSAGE_MAX}
            value={tribute.message}
            onChange={(e) => set({ message: e.target.value })}
            error={errors["tribute.message"]}
            hint={`Up to ${TRIBUTE_MESSAGE_MAX} characters.`}
          />
          <TextField
            label="Send the card on"
            name="tribute.sendOn"
            type="date"
            required
            min={today}
            max={sameDayNextYear(today)}
            value={tribute.sendOn}
            onChange={(e) => set({ sendOn: e.target.value, timeZone: browserTimeZone() })}
            error={errors["tribute.sendOn"]}
            hint="Today or any day in the next year."
            containerClassName="sm:max-w-xs"
          />
          <Checkbox label="Show the amount on the card" checked={tribute.showAmount} onChange={(e) => set({ showAmount: e.target.checked })} />
          <p className="text-sm text-ink-muted">The card names you only if you share your name with this gift; it never shows your email.</p>
        </div>
      ) : null}
    </div>
  );
}
