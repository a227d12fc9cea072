/**
 * An organization's thank-you emails (Manage Donations → Thank-you emails): the variants, the
 * merge fields, the built-in default templates, the one schema the editor's form and the API
 * share, and the renderer of merge fields, which the editor's live preview and the server's
 * mail both call (browser-safe: no server imports).
 *
 * Variants and their precedence (the first that applies wins): a tribute gift (dedicated "in
 * honor of" or "in memory of" someone) > the first charge of a monthly gift > the donor's first
 * gift to the organization > the default. Each variant has its own enabled flag, subject and
 * body; subject and body are plain text (never HTML) with merge fields written `{{name}}`.
 * A field not in MERGE_FIELDS is refused with a message naming it.
 */
import "./zod-setup";
import { z } from "zod";
import { plainText } from "./fields";
import { messages } from "./messages";

const m = messages.thankYou;

/** The thank-you variants, in the order of precedence (tribute first, default last). */
export const THANK_YOU_VARIANTS = ["tribute", "monthly", "first", "default"] as const;
export type ThankYouVariant = (typeof THANK_YOU_VARIANTS)[number];

/** What each variant is, as the editor names it. */
export const THANK_YOU_VARIANT_LABELS: Record<ThankYouVariant, { label: string; hint: string }> = {
  default: { label: "Every gift", hint: "Sent for a gift no other email below applies to." },
  first: { label: "First gift", hint: "The donor's first gift to your organization." },
  monthly: { label: "Monthly gift", hint: "The first charge of a new monthly gift; later charges get only the receipt." },
  tribute: { label: "Tribute gift", hint: "A gift made in honor or in memory of someone." },
};

/** The merge fields and what each one becomes. */
export const MERGE_FIELDS = ["first_name", "last_name", "amount", "fundraiser", "tribute", "organization", "date"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_HELP: Record<MergeField, string> = {
  first_name: 'The donor\'s first name if they shared their name with you, otherwise "friend"',
  last_name: "The donor's last name if they shared their name with you, otherwise nothing",
  amount: 'The gift\'s amount, e.g. "$50.00"',
  fundraiser: 'The fundraiser the gift went to, or "Direct Donation"',
  tribute: 'For a tribute gift, e.g. "in honor of Jane Doe"; otherwise nothing',
  organization: "Your organization's name",
  date: "The day of the gift, in your organization's time zone",
};

/** The values merge fields are replaced with (already decided by what the donor shared). */
export type MergeValues = Record<MergeField, string>;

/** The values of the editor's preview and test email: a sample donor who shared their name. */
export const SAMPLE_MERGE_VALUES: Omit<MergeValues, "organization"> = {
  first_name: "Jordan",
  last_name: "Rivera",
  amount: "$50.00",
  fundraiser: "Direct Donation",
  tribute: "in honor of Jane Doe",
  date: "Friday, November 27, 2026",
};

export const SUBJECT_MAX = 200;
export const BODY_MAX = 5_000;

/** One variant's template. */
export type ThankYouTemplate = { enabled: boolean; subject: string; body: string };

/** The built-in templates, used until the organization saves its own. */
export const DEFAULT_THANK_YOU_TEMPLATES: Record<ThankYouVariant, ThankYouTemplate> = {
  default: {
    enabled: true,
    subject: "Thank you, {{first_name}}!",
    body: "Dear {{first_name}},\n\nThank you for your gift of {{amount}} to {{organization}} on {{date}}. Your generosity makes our work possible.\n\nWith gratitude,\n{{organization}}",
  },
  first: {
    enabled: true,
    subject: "Welcome, {{first_name}}, and thank you!",
    body: "Dear {{first_name}},\n\nThank you for your first gift to {{organization}}: {{amount}} for {{fundraiser}}. We are so glad to have you with us.\n\nWith gratitude,\n{{organization}}",
  },
  monthly: {
    enabled: true,
    subject: "Thank you for giving every month, {{first_name}}",
    body: "Dear {{first_name}},\n\nThank you for your monthly gift of {{amount}} to {{organization}}. Gifts that come every month let us plan ahead and do more.\n\nWith gratitude,\n{{organization}}",
  },
  tribute: {
    enabled: true,
    subject: "Thank you for your gift {{tribute}}",
    body: "Dear {{first_name}},\n\nThank you for your gift of {{amount}} to {{organization}} {{tribute}}. It is a beautiful way to remember someone.\n\nWith gratitude,\n{{organization}}",
  },
};

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The problems of a template text: each merge field not in MERGE_FIELDS (its message names it
 * as written), and "{{" left without its "}}".
 * @returns messages, empty when the text is fine.
 */
export function mergeFieldProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(FIELD)) {
    const name = match[1]!;
    if (!(MERGE_FIELDS as readonly string[]).includes(name)) {
      const known = MERGE_FIELDS.map((f) => `{{${f}}}`).join(", ");
      const message = m.unknownField.replace("{{field}}", `{{${name}}}`).replace("{{fields}}", known);
      if (!problems.includes(message)) problems.push(message);
    }
  }
  if (text.replace(FIELD, "").includes("{{")) problems.push(m.unclosedField);
  return problems;
}

/**
 * `text` with each `{{field}}` replaced by its value; runs of spaces a blank value leaves are
 * closed up ("Dear {{first_name}} {{last_name}}," never ends with a stray space). Plain text in,
 * plain text out: the HTML part escapes it (lib/mail/layout.ts).
 */
export function renderMergeFields(text: string, values: MergeValues): string {
  const out = text.replace(FIELD, (_all, name: string) => ((MERGE_FIELDS as readonly string[]).includes(name) ? values[name as MergeField] : ""));
  return out
    .split("\n")
    .map((line) => line.replace(/[ \t]{2,}/g, " ").replace(/ +([,.!?;:])/g, "$1").trimEnd())
    .join("\n");
}

const withFields = <T extends z.ZodType<string, string>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const message of mergeFieldProblems(v)) ctx.addIssue({ code: "custom", message });
  });

/** One variant's template as typed. */
export const thankYouTemplateSchema = z.object({
  enabled: z.boolean(),
  subject: withFields(
    plainText()
      .transform((v) => v.trim())
      .pipe(z.string().min(1, m.subjectRequired).max(SUBJECT_MAX, m.subjectTooLong).refine((v) => !/[\r\n]/.test(v), m.subjectOneLine)),
  ),
  body: withFields(
    plainText()
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .pipe(z.string().min(1, m.bodyRequired).max(BODY_MAX, m.bodyTooLong)),
  ),
});

/** PUT /api/thank-you-templates: the master switch and every variant's template. */
export const thankYouSettingsSchema = z.object({
  enabled: z.boolean(),
  templates: z.object({
    default: thankYouTemplateSchema,
    first: thankYouTemplateSchema,
    monthly: thankYouTemplateSchema,
    tribute: thankYouTemplateSchema,
  }),
});
export type ThankYouSettingsInput = z.infer<typeof thankYouSettingsSchema>;

/** POST /api/thank-you-templates/preview and /test: one variant's draft. */
export const thankYouDraftSchema = z.object({
  variant: z.enum(THANK_YOU_VARIANTS, { error: m.variantInvalid }),
  subject: thankYouTemplateSchema.shape.subject,
  body: thankYouTemplateSchema.shape.body,
});
export type ThankYouDraft = z.infer<typeof thankYouDraftSchema>;

/** POST /api/year-end-statements: the calendar year (in the organization's time zone) to send. */
export function yearEndStatementsSchema(now: Date = new Date()) {
  return z.object({
    year: z.coerce.number({ error: messages.yearEndStatements.yearInvalid }).int(messages.yearEndStatements.yearInvalid).min(2000, messages.yearEndStatements.yearInvalid).max(now.getUTCFullYear(), messages.yearEndStatements.yearInvalid),
  });
}
