import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";

/**
 * Next's page cache, on the server only (docs/decisions/0009-shared-page-cache-on-redis.md):
 * lib/cache/redis-cache-handler.mjs, on one Redis shared by every process when REDIS_URL is set
 * at start, else in the process's memory. Next reads this file again when the server starts, so
 * one build serves either way. The build itself keeps Next's default (no Redis).
 *
 * The handler never reads the pages `next build` prerendered into the build folder, so every
 * cached page is rendered on its first request from the database the server serves: the build
 * has none (lib/env.ts isBuildPhase), and a restart (another DATA_DIR or DATABASE_URL, changes
 * made while it was down) must not serve pages that describe another one.
 */
function pageCache(phase: string): Pick<NextConfig, "cacheHandler" | "cacheMaxMemorySize"> {
  if (phase !== PHASE_PRODUCTION_SERVER) return {};
  return {
    cacheHandler: path.join(process.cwd(), "lib", "cache", "redis-cache-handler.mjs"),
    // No in-memory cache of Next's own next to the handler (Next's self-hosting guide): the
    // handler keeps the process's copy itself.
    cacheMaxMemorySize: 0,
  };
}

const nextConfig = (phase: string): NextConfig => ({
  ...pageCache(phase),
  // NEXT_DIST_DIR lets several builds of one checkout coexist (parallel test runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite loads its WebAssembly data file from its package folder; bundling it breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "proper-lockfile", "rate-limiter-flexible", "zipcodes", "csv-parse", "nodemailer", "drizzle-orm", "sharp", "pdfkit", "pg-boss", "prom-client"],
  // ESM-only packages: listed here, next/jest also compiles them for the unit tests, which run as CommonJS.
  transpilePackages: ["p-limit", "yocto-queue"],
  poweredByHeader: false,
  // npm test type-checks the tree in a stage of its own before it builds (scripts/test.ts sets
  // GIVEBRIDGE_TYPES_CHECKED=1 then), so that build does not check it a second time.
  typescript: { ignoreBuildErrors: process.env.GIVEBRIDGE_TYPES_CHECKED === "1" },
  // The app's server (scripts/server.ts) compresses responses itself, with the same middleware;
  // compressing here too would compress them twice.
  compress: false,
  experimental: {
    // The proxy (proxy.ts) sees every request, and Next cuts a body it buffers for the proxy
    // at 10 MB by default: an upload of two images (lib/images/read-upload.ts
    // MAX_UPLOAD_BODY_BYTES, 2 x 10 MB + 64 KB) would arrive cut and read as a broken file.
    // One byte over that limit, the route itself answers 413 "Your image file was too large".
    proxyClientMaxBodySize: 2 * 10_485_760 + 64 * 1024 + 1,
    // Pages rendered at run time (the cached public pages, app/(public)) are never written to
    // the build folder: they describe the database the process serves (pageCache above).
    isrFlushToDisk: false,
    // Turbopack writes its build cache to .next/cache so that the next build on this machine is
    // faster; a CI run (CI set, .ci/run) builds a fresh clone once and never reads it back, and
    // writing it took 12 s of a 61 s build there.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  reactStrictMode: true,
  // The build's static files do not go through the proxy (proxy.ts config.matcher): they get
  // the one security header that concerns a script or a stylesheet here.
  async headers() {
    return [{ source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] }];
  },
});

export default nextConfig;
