"use client";

/**
 * Report filters of Manage Donations (spec sections 5 and 9): a duration (yearToDate,
 * monthToDate, customRange with start and end dates) and a fundraiser (all, nonFundraiser or
 * one campaign), and, when the organization has supporter pages (peer-to-peer fundraising), one
 * supporter page and/or one team. Applying puts the filters in the URL query so a report can be bookmarked;
 * a report needs both a duration and a fundraiser (messages.report.needsFilters). Days are the
 * organization's own calendar days, and the form says in which zone (`zoneLabel`).
 */
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { reportQuerySchema, reportQueryToParams } from "@/lib/validations/report";
import { zodFieldErrors } from "@/lib/validations/field-errors";

export type ReportFilterValues = { duration: string; fundraiser: string; startDate: string; endDate: string; supporterPage: string; team: string };

/** The organization's supporter pages and teams the report may be narrowed to (empty lists: the filters are not shown). */
export type SupporterChoices = { pages: { id: string; title: string; fundraiser: string }[]; teams: { id: string; name: string; fundraiser: string }[] };

/** Columns of the filter row on wide screens: one per select, then the button (literal class names, for Tailwind). */
const WIDE_COLUMNS = [
  ["lg:grid-cols-[1fr_1fr_auto]", "lg:grid-cols-[1fr_1fr_1fr_auto]"],
  ["lg:grid-cols-[1fr_1fr_1fr_auto]", "lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"],
];

export function ReportFilters({
  initial,
  fundraisers,
  zoneLabel,
  supporters = { pages: [], teams: [] },
}: {
  initial: ReportFilterValues;
  fundraisers: { id: string; name: string }[];
  zoneLabel: string;
  supporters?: SupporterChoices;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();
  const set = (k: keyof ReportFilterValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reportQuerySchema.safeParse(values);
    if (!parsed.success) {
      // A rule across fields (no path) is shown under the duration.
      setErrors(zodFieldErrors(parsed.error, (path) => path[0] ?? "duration"));
      return;
    }
    setErrors({});
    const params = reportQueryToParams(parsed.data);
    startTransition(() => router.push(`${pathname}?${params.toString()}`));
  }

  const custom = values.duration === "customRange";
  return (
    <form method="post" onSubmit={submit} noValidate aria-label="Report filters" className={`grid gap-4 sm:grid-cols-2 lg:items-end ${WIDE_COLUMNS[supporters.pages.length > 0 ? 1 : 0]![supporters.teams.length > 0 ? 1 : 0]}`}>
      <Select
        label="Duration"
        name="duration"
        value={values.duration}
        onChange={set("duration")}
        placeholder="Choose a duration"
        error={errors.duration}
        options={[
          { value: "yearToDate", label: "Year to date" },
          { value: "monthToDate", label: "Month to date" },
          { value: "customRange", label: "Custom range" },
        ]}
      />
      <Select
        label="Fundraiser"
        name="fundraiser"
        value={values.fundraiser}
        onChange={set("fundraiser")}
        placeholder="Choose a fundraiser"
        error={errors.fundraiser}
        options={[
          { value: "all", label: "All donations" },
          { value: "nonFundraiser", label: "Direct donations only" },
          ...fundraisers.map((f) => ({ value: f.id, label: f.name })),
        ]}
      />
      {supporters.pages.length > 0 ? (
        <Select
          label="Supporter page"
          name="supporterPage"
          value={values.supporterPage}
          onChange={set("supporterPage")}
          error={errors.supporterPage}
          hint="Gifts made on one supporter's fundraising page."
          options={[{ value: "", label: "All gifts" }, ...supporters.pages.map((p) => ({ value: p.id, label: `${p.title} (${p.fundraiser})` }))]}
        />
      ) : null}
      {supporters.teams.length > 0 ? (
        <Select
          label="Team"
          name="team"
          value={values.team}
          onChange={set("team")}
          error={errors.team}
          hint="Gifts made on the pages of one team."
          options={[{ value: "", label: "All gifts" }, ...supporters.teams.map((t) => ({ value: t.id, label: `${t.name} (${t.fundraiser})` }))]}
        />
      ) : null}
      {custom ? (
        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2 lg:col-span-1 lg:col-start-1 lg:row-start-2 lg:col-end-3">
          <TextField label="Start date" name="startDate" type="date" value={values.startDate} onChange={set("startDate")} error={errors.startDate} required hint={`From midnight, ${zoneLabel}`} />
          <TextField label="End date" name="endDate" type="date" value={values.endDate} onChange={set("endDate")} error={errors.endDate} required hint={`Included, to midnight ${zoneLabel}`} />
        </div>
      ) : null}
      <Button type="submit" loading={pending} loadingLabel="Loading the report..." className="sm:col-span-2 lg:col-span-1">
        Show report
      </Button>
    </form>
  );
}
