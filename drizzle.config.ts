import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates SQL migrations from models/ into drizzle/ (no database needed). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./models/index.ts",
  out: "./drizzle",
});
