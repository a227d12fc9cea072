import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly data file from its package folder; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "proper-lockfile", "rate-limiter-flexible", "zipcodes", "csv-parse", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
