import type { Metadata } from "next";

/**
 * The reference page of the page benchmark (scripts/bench-pages.mjs; PERFORMANCE_FLOOR_PATH in
 * lib/cache/cached-pages.ts): the root layout (its stylesheet and the framework's runtime) and one
 * paragraph, outside the site's bars. Served from cache like the public pages, so what Lighthouse
 * measures here is the least any page of the app can cost on the same machine.
 */
export const dynamic = "force-static";

export const metadata: Metadata = {
  title: "Performance floor",
  robots: { index: false, follow: false },
};

export default function PerformanceFloorPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Givebridge</h1>
      <p className="mt-3 text-base text-slate-700">
        This page holds the site&apos;s document and stylesheet and nothing else. It is the reference against which the speed of every public page is measured.
      </p>
    </main>
  );
}
