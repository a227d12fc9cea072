/** Search parameters in the URL (spec section 3: queryString, searchCategory, paging). */
import { z } from "zod";

export const searchCategories = ["NonProfits", "Campaigns", "Events"] as const;
export type SearchCategory = (typeof searchCategories)[number];

/** /search?queryString=&searchCategory=&limit=&currentDisplayRecords= */
export const searchPageSchema = z.object({
  queryString: z.string().trim().max(200, { error: "Search text is too long (200 characters at most)." }).default(""),
  searchCategory: z.enum(searchCategories, { error: "Choose NonProfits, Campaigns or Events." }).default("NonProfits"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  currentDisplayRecords: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type SearchPageInput = z.infer<typeof searchPageSchema>;
