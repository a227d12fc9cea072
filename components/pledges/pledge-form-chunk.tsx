"use client";

/**
 * The pledge form, in its own chunk, for the pages that show it only when the organization
 * cannot receive gifts yet (its profile and its checkout page): its code (react-hook-form, the
 * pledge schema, zod) loads with the few pages that show it, not with every profile or donate
 * page. Where it is shown it is still rendered on the server and hydrated as usual.
 */
import dynamic from "next/dynamic";

export const PledgeForm = dynamic(() => import("@/components/pledges/pledge-form").then((m) => m.PledgeForm));
