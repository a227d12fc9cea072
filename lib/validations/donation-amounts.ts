/**
 * The checkout's amount bounds and presets, in integer cents, without zod: the donate page's
 * amount fields use them before (and without) loading the checkout schema.
 */

/** The smallest gift: $1. */
export const MIN_DONATION_CENTS = 100;
/** The largest gift when DONATION_MAX_CENTS is not set: $25,000. */
export const DEFAULT_MAX_DONATION_CENTS = 2_500_000;

/** Preset gift amounts offered on the checkout page, in cents. */
export const PRESET_AMOUNTS_CENTS = [1_000, 2_500, 5_000, 10_000, 25_000] as const;
