/**
 * Classes of the top bar's menu triggers and menus, shared by the stand-in buttons rendered on
 * the first load and the Radix widgets that replace them (deferred-widget.ts), so both look
 * the same.
 */

/** A desktop dropdown's trigger (For Donors, For Charities, About). */
export const navTriggerClasses =
  "group inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[0.95rem] font-semibold text-ink hover:bg-surface-sunken data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800";

/** The signed-in user's avatar button. */
export const accountTriggerClasses =
  "group inline-flex h-11 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 hover:bg-surface-sunken data-[state=open]:bg-brand-50";

/** The burger button that opens the mobile drawer (below 800 px; mobile-drawer.tsx). */
export const burgerClasses = "inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken nav:hidden";

export const menuContentClasses =
  "z-50 min-w-56 rounded-card border border-slate-200 bg-white p-1.5 shadow-pop data-[state=open]:animate-pop-in";

export const menuItemClasses =
  "flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2.5 text-[0.95rem] text-ink outline-none " +
  "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";
