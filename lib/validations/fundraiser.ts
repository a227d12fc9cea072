/**
 * Fundraiser (campaign) form and request rules, shared by the owner's form (react-hook-form)
 * and the route handlers. The goal is typed in dollars and becomes integer cents here
 * (spec section 9: money is stored in cents). Progress is never part of any input: it comes
 * from succeeded donations only.
 */
import "./zod-setup";
import { z } from "zod";
import { parseDollarsToCents, type Cents } from "@/lib/money";
import { idParam } from "./fields";
import { messages } from "./messages";

/** Smallest and largest goals, in cents ($1.00 and $10,000,000.00). */
export const FUNDRAISER_GOAL_MIN_CENTS: Cents = 100;
export const FUNDRAISER_GOAL_MAX_CENTS: Cents = 1_000_000_000;
export const FUNDRAISER_NAME_MAX = 120;
export const FUNDRAISER_DESCRIPTION_MAX = 5000;
export const FUNDRAISER_TOPIC_MAX = 60;

/** 123456 -> "1234.56", 500000 -> "5000" (the goal as the form shows it for editing). */
export function centsToDollarInput(cents: Cents): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/** Goal in dollars (text or number) -> integer cents, $1 to $10,000,000. */
export const goalDollarsField = z
  .union([z.string(), z.number()], { error: messages.campaign.goalRequired })
  .refine((v) => String(v).trim() !== "", { error: messages.campaign.goalRequired, abort: true })
  .transform((v, ctx) => {
    const cents = parseDollarsToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: messages.campaign.goalInvalid });
      return z.NEVER;
    }
    if (cents < FUNDRAISER_GOAL_MIN_CENTS) {
      ctx.addIssue({ code: "custom", message: messages.campaign.goalMin });
      return z.NEVER;
    }
    if (cents > FUNDRAISER_GOAL_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: messages.campaign.goalMax });
      return z.NEVER;
    }
    return cents;
  });

/** A calendar date "YYYY-MM-DD" or empty (-> null). */
const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? "").trim();
    if (text === "") return null;
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
    if (!valid) {
      ctx.addIssue({ code: "custom", message: messages.campaign.dateInvalid });
      return z.NEVER;
    }
    return text;
  });

const fundraiserFieldsShape = {
  name: z
    .string({ error: messages.campaign.nameRequired })
    .trim()
    .min(1, { error: messages.campaign.nameRequired })
    .max(FUNDRAISER_NAME_MAX, { error: messages.campaign.nameTooLong }),
  goal: goalDollarsField,
  startDate: optionalDate,
  endDate: optionalDate,
  description: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(FUNDRAISER_DESCRIPTION_MAX, { error: messages.campaign.descriptionTooLong })),
  topic: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(FUNDRAISER_TOPIC_MAX, { error: messages.campaign.topicTooLong }))
    .transform((v) => (v === "" ? null : v)),
};

const endNotBeforeStart = (v: { startDate: string | null; endDate: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/**
 * The fundraiser form. Output: { name, goal (cents), startDate, endDate ("YYYY-MM-DD" | null),
 * description, topic (string | null) }. The end date may not be before the start date.
 */
export const fundraiserFormSchema = z
  .object(fundraiserFieldsShape)
  .refine(endNotBeforeStart, { error: messages.campaign.endBeforeStart, path: ["endDate"] });

/** What the form holds before validation (all text). */
export type FundraiserFormInput = z.input<typeof fundraiserFormSchema>;
/** Validated fundraiser fields; `goal` is in cents. */
export type FundraiserValues = z.output<typeof fundraiserFormSchema>;

/** `{ _id, action: "end" }`: end a fundraiser (status ended, endedAt now). */
export const endFundraiserRequestSchema = z.object({ action: z.literal("end"), _id: idParam, npID: idParam.optional() });

/** Create (no `_id`) or update (`_id`) a fundraiser: its fields plus the optional ids. */
export const saveFundraiserRequestSchema = z
  .object({ action: z.literal("save").optional(), _id: idParam.optional(), npID: idParam.optional(), ...fundraiserFieldsShape })
  .refine(endNotBeforeStart, { error: messages.campaign.endBeforeStart, path: ["endDate"] });

export type UpdateFundraiserRequest = z.output<typeof endFundraiserRequestSchema> | z.output<typeof saveFundraiserRequestSchema>;

/** The fundraiser fields of a save request, without its ids. */
export function fundraiserValuesOf(body: z.output<typeof saveFundraiserRequestSchema>): FundraiserValues {
  const { name, goal, startDate, endDate, description, topic } = body;
  return { name, goal, startDate, endDate, description, topic };
}

/**
 * PUT/POST /api/updateNPCampaigns body. Without `_id` it creates a fundraiser; with `_id` it
 * updates one; `{ _id, action: "end" }` ends one. `npID` (the organization id) is optional
 * and, when given, must be the signed-in nonprofit's own organization.
 * @throws ZodError with the field messages of messages.campaign.
 */
export function parseUpdateFundraiserRequest(body: unknown): UpdateFundraiserRequest {
  const isEnd = typeof body === "object" && body !== null && (body as { action?: unknown }).action === "end";
  return isEnd ? endFundraiserRequestSchema.parse(body) : saveFundraiserRequestSchema.parse(body);
}
