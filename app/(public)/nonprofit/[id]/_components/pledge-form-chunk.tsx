"use client";

/**
 * The pledge form of a profile whose organization cannot receive gifts yet, in its own chunk:
 * its code (react-hook-form, the pledge schema, zod and the message catalogue) loads with the
 * few profiles that show it, not with every profile. Where it is shown it is still rendered on
 * the server and hydrated as usual.
 */
import dynamic from "next/dynamic";

export const PledgeForm = dynamic(() => import("@/components/pledges/pledge-form").then((m) => m.PledgeForm));
