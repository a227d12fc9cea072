"use client";

/**
 * Donation analytics charts (recharts): gifts and dollars per month, dollars by fundraiser,
 * new versus returning donors per month, and recurring revenue per month. Each chart is
 * hidden from screen readers and followed by a data table with the same figures (visible as
 * a collapsible "Show the figures" section), so nothing is conveyed only by the picture.
 * Amounts arrive in cents.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ReactElement, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatCents } from "@/lib/money";
import type { DonationAnalytics } from "@/lib/services/reports/analytics";

const monthLabel = (ym: string) => {
  const [y, m] = ym.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, 1)));
};
const dollars = (cents: number) => cents / 100;
const axisDollars = (v: number) => (v >= 1000 ? `$${Math.round(v / 100) / 10}k` : `$${v}`);
const tooltipDollars = (v: unknown) => formatCents(Math.round(Number(v) * 100));

function ChartCard({ title, id, chart, table }: { title: string; id: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {/* Hidden from assistive technology (the figures table below says the same), so the
          chart must hold nothing focusable: accessibilityLayer={false} on every chart. */}
      <div className="mt-4 h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {chart as ReactElement}
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show the figures</summary>
        <div className="mt-2">{table}</div>
      </details>
    </Card>
  );
}

function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-ink-muted">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i ? "py-1 text-right font-medium" : "py-1 font-medium"}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])} className="border-t border-slate-100">
            {r.map((c, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1 pr-2 font-normal break-words">
                  {c}
                </th>
              ) : (
                <td key={i} className="py-1 text-right tabular-nums">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsCharts({ data }: { data: DonationAnalytics }) {
  const months = data.months.map((m) => ({ ...m, label: monthLabel(m.month), dollars: dollars(m.cents), recurring: dollars(m.recurringCents) }));
  const funds = data.byFundraiser.map((f) => ({ ...f, dollars: dollars(f.cents) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        title="Gifts and dollars per month"
        id="chart-monthly"
        chart={
          <BarChart data={months} margin={{ left: 4, right: 4 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="d" tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={52} />
            <YAxis yAxisId="g" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
            <Tooltip formatter={(v, name) => (name === "Dollars" ? tooltipDollars(v) : String(v))} />
            <Legend />
            <Bar yAxisId="d" dataKey="dollars" name="Dollars" fill="#0f766e" />
            <Bar yAxisId="g" dataKey="gifts" name="Gifts" fill="#f59e0b" />
          </BarChart>
        }
        table={
          <FiguresTable
            caption="Gifts and dollars per month"
            head={["Month", "Gifts", "Dollars"]}
            rows={data.months.map((m) => [monthLabel(m.month), m.gifts, formatCents(m.cents)])}
          />
        }
      />
      <ChartCard
        title="Dollars by fundraiser"
        id="chart-fundraiser"
        chart={
          <BarChart data={funds} layout="vertical" margin={{ left: 8, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={axisDollars} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)} />
            <Tooltip formatter={(v) => tooltipDollars(v)} />
            <Bar dataKey="dollars" name="Dollars" fill="#0f766e" />
          </BarChart>
        }
        table={
          <FiguresTable caption="Dollars by fundraiser" head={["Fundraiser", "Gifts", "Dollars"]} rows={data.byFundraiser.map((f) => [f.name, f.gifts, formatCents(f.cents)])} />
        }
      />
      <ChartCard
        title="New and returning donors"
        id="chart-donors"
        chart={
          <BarChart data={months} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
            <Tooltip />
            <Legend />
            <Bar dataKey="newDonors" name="New donors" stackId="d" fill="#0f766e" />
            <Bar dataKey="returningDonors" name="Returning donors" stackId="d" fill="#94a3b8" />
          </BarChart>
        }
        table={
          <FiguresTable
            caption="New and returning donors per month"
            head={["Month", "New", "Returning"]}
            rows={data.months.map((m) => [monthLabel(m.month), m.newDonors, m.returningDonors])}
          />
        }
      />
      <ChartCard
        title="Recurring revenue"
        id="chart-recurring"
        chart={
          <LineChart data={months} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={52} />
            <Tooltip formatter={(v) => tooltipDollars(v)} />
            <Line type="monotone" dataKey="recurring" name="Recurring dollars" stroke="#0f766e" strokeWidth={2} dot />
          </LineChart>
        }
        table={
          <FiguresTable
            caption="Recurring revenue per month"
            head={["Month", "Recurring dollars"]}
            rows={data.months.map((m) => [monthLabel(m.month), formatCents(m.recurringCents)])}
          />
        }
      />
    </div>
  );
}
