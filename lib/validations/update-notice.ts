/** The update notice payload (createUpdate, updateUpdate), shared by the console form and the handlers. */
import "./zod-setup";
import { z } from "zod";
import { messages } from "./messages";

const linkField = z
  .string()
  .trim()
  .max(500, { error: messages.admin.linkFormat })
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), { error: messages.admin.linkFormat })
  .optional()
  .transform((v) => (v ? v : null));

/** title 1-200, description 1-2000, link empty or an http(s) URL (empty becomes null). */
export const updateNoticeSchema = z.object({
  title: z.string({ error: messages.admin.titleRequired }).trim().min(1, { error: messages.admin.titleRequired }).max(200),
  description: z
    .string({ error: messages.admin.descriptionRequired })
    .trim()
    .min(1, { error: messages.admin.descriptionRequired })
    .max(2000),
  link: linkField,
});
export type UpdateNoticeInput = z.input<typeof updateNoticeSchema>;
export type UpdateNoticeValues = z.output<typeof updateNoticeSchema>;

/** updateUpdate body: the notice's `_id` and its new fields. */
export const updateNoticeEditSchema = updateNoticeSchema.extend({
  _id: z.string({ error: messages.admin.updateNotFound }).trim().min(1, { error: messages.admin.updateNotFound }).max(64),
});

/** GET /api/getUpdate query: how many of the latest notices (1-100, 20 by default). */
export const updateNoticesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
