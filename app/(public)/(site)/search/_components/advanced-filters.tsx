"use client";

import { SlidersHorizontal } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { LocationInput, type PickedLocation } from "@/components/search/location-input";
import { US_STATES } from "@/lib/validations/us-states";
import { Button } from "@/components/ui/button";
import { readStore, storeKeys, writeStore } from "@/lib/client/stores";
import { NTEE_MAJOR_GROUPS } from "@/lib/directory/ntee";
import type { SearchCategory } from "@/lib/validations/search";
import { FILTER_KEYS, type FilterValues } from "@/lib/search/filter-keys";

/** The spec's search-filters client store (section 3). */
export type StoredSearchFilters = {
  queryString: string;
  searchCategory: SearchCategory;
  showAllResults: boolean;
  nonProfitAdvanceFilters: {
    category?: string;
    city?: string;
    state?: string;
    zipcode?: string;
    coordinates?: { lng: number; lat: number };
    distance?: string;
    active_campaign?: boolean;
    domestic?: boolean;
    international?: boolean;
  };
  campaignAdvanceFilters: { topic?: string; startDate?: string; endDate?: string };
  eventAdvanceFilters: { city?: string; state?: string; topic?: string; startDate?: string; endDate?: string };
};

function toStore(category: SearchCategory, queryString: string, showAll: boolean, v: FilterValues, previous: StoredSearchFilters | null): StoredSearchFilters {
  const base: StoredSearchFilters = previous ?? {
    queryString: "",
    searchCategory: "NonProfits",
    showAllResults: false,
    nonProfitAdvanceFilters: {},
    campaignAdvanceFilters: {},
    eventAdvanceFilters: {},
  };
  const next = { ...base, queryString, searchCategory: category, showAllResults: showAll };
  if (category === "NonProfits") {
    next.nonProfitAdvanceFilters = {
      category: v.category || undefined,
      city: v.city || undefined,
      state: v.state || undefined,
      zipcode: v.zipcode || undefined,
      coordinates: v.lng && v.lat ? { lng: Number(v.lng), lat: Number(v.lat) } : undefined,
      distance: v.distance || undefined,
      active_campaign: v.active_campaign === "true" || undefined,
      domestic: v.domestic === "true" || undefined,
      international: v.international === "true" || undefined,
    };
  } else if (category === "Campaigns") {
    next.campaignAdvanceFilters = { topic: v.topic || undefined, startDate: v.startDate || undefined, endDate: v.endDate || undefined };
  } else {
    next.eventAdvanceFilters = { city: v.city || undefined, state: v.state || undefined, topic: v.topic || undefined, startDate: v.startDate || undefined, endDate: v.endDate || undefined };
  }
  return next;
}

function fromStore(category: SearchCategory, stored: StoredSearchFilters | null): FilterValues {
  if (!stored) return {};
  const out: FilterValues = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== "" && v !== false) out[k] = String(v);
  };
  if (category === "NonProfits") {
    const f = stored.nonProfitAdvanceFilters ?? {};
    put("category", f.category);
    put("city", f.city);
    put("state", f.state);
    put("zipcode", f.zipcode);
    put("lng", f.coordinates?.lng);
    put("lat", f.coordinates?.lat);
    put("distance", f.distance);
    put("active_campaign", f.active_campaign);
    put("domestic", f.domestic);
    put("international", f.international);
  } else {
    const f = (category === "Campaigns" ? stored.campaignAdvanceFilters : stored.eventAdvanceFilters) ?? {};
    for (const [k, v] of Object.entries(f)) put(k, v);
  }
  return out;
}

const fieldClass = "h-11 w-full rounded-control border border-slate-300 bg-white px-3 text-base focus-visible:outline-3 focus-visible:outline-brand-500";
const labelClass = "mb-1.5 block text-sm font-semibold text-ink";

/**
 * The advanced filters of spec section 3 for the current category. Applying navigates to
 * /search with the filters in the URL and saves them in the "search-filters" client store;
 * when the URL has none, the saved ones are offered again.
 */
export function AdvancedFilters({ category, queryString, values, showAll }: { category: SearchCategory; queryString: string; values: FilterValues; showAll: boolean }) {
  const router = useRouter();
  const active = Object.keys(values).length > 0;
  const [v, setV] = useState<FilterValues>(values);
  const [restored, setRestored] = useState(false);

  // Filters applied through the URL are saved in the client store too (shared links included).
  useEffect(() => {
    if (active) writeStore(storeKeys.searchFilters, toStore(category, queryString, showAll, values, readStore<StoredSearchFilters>(storeKeys.searchFilters)));
  }, [active, category, queryString, showAll, values]);

  /** Opening the panel with no filters in the URL fills in the saved ones. */
  function onToggle(open: boolean) {
    if (!open || active || restored) return;
    const saved = fromStore(category, readStore<StoredSearchFilters>(storeKeys.searchFilters));
    if (Object.keys(saved).length) {
      setV(saved);
      setRestored(true);
    }
  }

  const set = (k: string, value: string | undefined) => setV((old) => {
    const next = { ...old };
    if (value) next[k] = value;
    else delete next[k];
    return next;
  });

  function apply(e: FormEvent) {
    e.preventDefault();
    const p = new URLSearchParams({ queryString, searchCategory: category });
    for (const k of FILTER_KEYS[category]) if (v[k]) p.set(k, v[k]!);
    if (showAll) p.set("showAll", "true");
    writeStore(storeKeys.searchFilters, toStore(category, queryString, showAll, v, readStore<StoredSearchFilters>(storeKeys.searchFilters)));
    router.push(`/search?${p.toString()}`);
  }

  function clear() {
    setV({});
    writeStore(storeKeys.searchFilters, toStore(category, queryString, showAll, {}, readStore<StoredSearchFilters>(storeKeys.searchFilters)));
    router.push(`/search?${new URLSearchParams({ queryString, searchCategory: category }).toString()}`);
  }

  const checkbox = (k: string, label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
      <input type="checkbox" className="size-5 accent-brand-700" checked={v[k] === "true"} onChange={(e) => set(k, e.target.checked ? "true" : undefined)} />
      {label}
    </label>
  );
  const stateSelect = (
    <div>
      <label htmlFor="filter-state" className={labelClass}>
        State
      </label>
      <select id="filter-state" className={fieldClass} value={v.state ?? ""} onChange={(e) => set("state", e.target.value)}>
        <option value="">Any state</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
  const text = (k: string, label: string, type = "text") => (
    <div>
      <label htmlFor={`filter-${k}`} className={labelClass}>
        {label}
      </label>
      <input id={`filter-${k}`} type={type} className={fieldClass} value={v[k] ?? ""} onChange={(e) => set(k, e.target.value)} />
    </div>
  );

  return (
    <details open={active || undefined} onToggle={(e) => onToggle(e.currentTarget.open)} className="group rounded-card border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 py-2 font-semibold text-ink">
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Advanced filters
        {active ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{Object.keys(values).filter((k) => !["lng", "lat", "place"].includes(k)).length} on</span> : null}
      </summary>
      <form method="post" onSubmit={apply} className="border-t border-slate-100 p-4" aria-label="Advanced filters">
        {restored ? <p className="mb-3 text-sm text-ink-muted">Your saved filters are filled in. Apply them to use them.</p> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {category === "NonProfits" ? (
            <>
              <div>
                <label htmlFor="filter-category" className={labelClass}>
                  Category
                </label>
                <select id="filter-category" className={fieldClass} value={v.category ?? ""} onChange={(e) => set("category", e.target.value)}>
                  <option value="">Any category</option>
                  {NTEE_MAJOR_GROUPS.map((g) => (
                    <option key={g.letter} value={g.letter}>
                      {g.category}
                    </option>
                  ))}
                </select>
              </div>
              {stateSelect}
              {text("city", "City")}
              <LocationInput
                label="Near a place"
                defaultText={v.place ?? ""}
                onPick={(loc: PickedLocation | null) =>
                  setV((old) => {
                    const next = { ...old };
                    delete next.lng;
                    delete next.lat;
                    delete next.place;
                    if (loc) {
                      next.lng = String(loc.longitude);
                      next.lat = String(loc.latitude);
                      next.place = `${loc.city}, ${loc.state} ${loc.zip}`;
                      if (!next.distance) next.distance = "25";
                    }
                    return next;
                  })
                }
              />
              <div>
                <label htmlFor="filter-distance" className={labelClass}>
                  Distance
                </label>
                <select id="filter-distance" className={fieldClass} value={v.distance ?? ""} onChange={(e) => set("distance", e.target.value)}>
                  <option value="">Any distance</option>
                  {["5", "10", "25", "50", "100"].map((d) => (
                    <option key={d} value={d}>
                      Within {d} miles
                    </option>
                  ))}
                </select>
              </div>
              {text("zipcode", "ZIP code")}
              <fieldset className="sm:col-span-2 lg:col-span-3">
                <legend className="sr-only">More options</legend>
                <div className="flex flex-wrap gap-x-6">
                  {checkbox("active_campaign", "Has an active fundraiser")}
                  {checkbox("domestic", "Works in the US")}
                  {checkbox("international", "Works internationally")}
                </div>
              </fieldset>
            </>
          ) : category === "Campaigns" ? (
            <>
              {text("topic", "Topic")}
              {text("startDate", "From", "date")}
              {text("endDate", "To", "date")}
            </>
          ) : (
            <>
              {text("city", "City")}
              {stateSelect}
              {text("topic", "Topic")}
              {text("startDate", "From", "date")}
              {text("endDate", "To", "date")}
            </>
          )}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          <Button variant="ghost" onClick={clear}>
            Clear filters
          </Button>
        </div>
      </form>
    </details>
  );
}
