import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets several builds of one checkout coexist (parallel test runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite loads its WebAssembly data file from its package folder; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "proper-lockfile", "rate-limiter-flexible", "zipcodes", "csv-parse", "nodemailer", "drizzle-orm", "sharp", "pdfkit", "pg-boss"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
