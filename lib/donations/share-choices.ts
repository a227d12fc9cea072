import type { ShareChoices } from "@/lib/validations/donation";

/**
 * Nothing shared: a guest's starting choices at checkout, and a donor's when they saved none
 * (donor_preferences). Only the donor's own choices decide what a nonprofit sees (the product spec: donors choose which personal details are shared).
 * No zod here, so the checkout form's first load does not carry it.
 */
export const NOTHING_SHARED: Readonly<ShareChoices> = Object.freeze({ name: false, email: false, location: false, phone: false, gender: false, age: false });
