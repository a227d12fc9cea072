"use client";

import { MapPin } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";

export type PickedLocation = { zip: string; city: string; state: string; latitude: number; longitude: number };

export type LocationInputProps = {
  label: string;
  /** Text shown initially, e.g. "Burlington, VT 05401". */
  defaultText?: string;
  onPick: (location: PickedLocation | null) => void;
  className?: string;
};

const PLACEHOLDER = "City or ZIP code (US)";

/**
 * US-only location autocomplete of cities and ZIP codes over the offline ZIP data
 * (GET /api/search/locations). It replaces the spec's maps script: when the data cannot be
 * loaded the placeholder reads the spec's message. Keyboard: arrows move, Enter picks,
 * Escape closes.
 */
export function LocationInput({ label, defaultText = "", onPick, className }: LocationInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(defaultText);
  const [items, setItems] = useState<PickedLocation[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The spec's message when the location data cannot be loaded. The message catalogue is
  // fetched only then, so it is not part of the search page's first load.
  const [failedText, setFailedText] = useState<string | null>(null);
  const seq = useRef(0);
  const failed = useRef(false);

  function markFailed() {
    if (failed.current) return;
    failed.current = true;
    void import("@/lib/validations/messages").then(({ messages }) => setFailedText(messages.location.scriptFailed));
  }

  // Probe the data once, so a failure shows in the placeholder before anyone types.
  useEffect(() => {
    let cancelled = false;
    fetch("/api/search/locations?prefix=0&limit=1")
      .then((r) => {
        if (!cancelled && !r.ok) markFailed();
      })
      .catch(() => {
        if (!cancelled) markFailed();
      });
    return () => {
      cancelled = true;
    };
  }, []);

  async function lookup(value: string) {
    const mine = ++seq.current;
    if (!value.trim()) {
      setItems([]);
      setOpen(false);
      return;
    }
    try {
      const res = await fetch(`/api/search/locations?prefix=${encodeURIComponent(value.trim())}&limit=8`);
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as { suggestions: PickedLocation[] };
      if (mine !== seq.current) return;
      setItems(body.suggestions);
      setOpen(body.suggestions.length > 0);
      setActive(-1);
    } catch {
      if (mine === seq.current) {
        markFailed();
        setItems([]);
        setOpen(false);
      }
    }
  }

  function pick(item: PickedLocation) {
    setText(`${item.city}, ${item.state} ${item.zip}`);
    setOpen(false);
    onPick(item);
  }

  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden="true" />
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={text}
          placeholder={failedText ?? PLACEHOLDER}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value.trim()) onPick(null);
            void lookup(e.target.value);
          }}
          onKeyDown={(e) => {
            if (!open) return;
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => Math.min(items.length - 1, a + 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === "Enter" && active >= 0) {
              e.preventDefault();
              pick(items[active]!);
            } else if (e.key === "Escape") {
              setOpen(false);
            }
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
          className="h-11 w-full rounded-control border border-slate-300 bg-white pr-3 pl-9 text-base focus-visible:outline-3 focus-visible:outline-brand-500"
        />
      </div>
      {open ? (
        <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-control border border-slate-200 bg-white py-1 shadow-pop">
          {items.map((item, i) => (
            <li
              key={`${item.zip}-${item.city}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(item);
              }}
              className={cn("cursor-pointer px-3 py-2 text-sm", i === active ? "bg-brand-50 text-ink" : "text-ink hover:bg-brand-50")}
            >
              {item.city}, {item.state} <span className="text-ink-muted">{item.zip}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
