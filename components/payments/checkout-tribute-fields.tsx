"use client";

/**
 * The checkout's "Dedicate this gift" section, collapsed until the donor ticks it: "In honor
 * of" or "In memory of" a name, and optionally a card emailed to a recipient on a day the
 * donor picks (today or later, at most a year ahead, in the donor's own time zone, which the
 * browser reports), with a message and whether the card shows the amount. The rules and
 * messages are the server's (tributeSchema, lib/validations/donation.ts).
 */
import dynamic from "next/dynamic";
import { Checkbox } from "@/components/ui/checkbox";
import { NO_TRIBUTE } from "@/lib/validations/tribute-fields";
import type { Tribute } from "./checkout-tribute-details";

// The honoree, card and date fields load when the donor ticks the box (most gifts are not
// dedicated), so the donate page does not ship them up front.
const TributeDetails = dynamic(() => import("./checkout-tribute-details").then((m) => m.TributeDetails), {
  loading: () => <p className="mt-4 text-sm text-ink-muted">Loading the dedication fields…</p>,
});

/** The browser's IANA time zone ("America/Chicago"); UTC when it reports none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The dedication fieldset; `errors` are field messages keyed "tribute.<field>". */
export function TributeFields({ tribute, onTribute, errors }: { tribute: Tribute; onTribute: (tribute: Tribute) => void; errors: Record<string, string> }) {
  const dedicated = tribute.type !== "";
  return (
    <fieldset>
      <legend className="sr-only">Dedication</legend>
      <Checkbox
        label="Dedicate this gift"
        description="In honor or in memory of someone, with an optional card."
        checked={dedicated}
        onChange={(e) => onTribute(e.target.checked ? { ...NO_TRIBUTE, type: "honor", timeZone: browserTimeZone() } : { ...NO_TRIBUTE })}
      />
      {dedicated ? <TributeDetails tribute={tribute} onTribute={onTribute} errors={errors} /> : null}
    </fieldset>
  );
}
