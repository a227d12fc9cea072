/** Custom column types: case-insensitive text (the citext extension). */
import { customType } from "drizzle-orm/pg-core";

/** `citext`: compares case-insensitively; used for emails and nicknames. */
export const citext = customType<{ data: string }>({
  dataType() {
    return "citext";
  },
});

/** `tsvector`: a full-text search document (read-only here: organizations generate theirs). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});
