"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** "Sat, Mar 14, 2026, 6:00 PM EDT" in the viewer's locale and time zone. */
export function formatEventTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * An instant (ISO 8601, UTC) shown in the viewer's locale with its time zone. The server
 * render shows UTC; the browser then shows its own zone.
 */
export function EventTime({ iso }: { iso: string }) {
  const local = useSyncExternalStore(
    noop,
    () => formatEventTime(iso),
    () => formatEventTime(iso, "UTC"),
  );
  return <time dateTime={iso}>{local}</time>;
}

/** ISO instant -> the value of a datetime-local input in the viewer's zone ("2026-03-14T18:00"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local value (viewer's zone) -> ISO instant in UTC; "" stays "", nonsense gives null. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
