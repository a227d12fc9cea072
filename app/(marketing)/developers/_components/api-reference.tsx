"use client";

import "@scalar/api-reference-react/style.css";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

/**
 * Darker text and method colors than Scalar's light theme, for WCAG AA contrast (4.5:1); and
 * lines of a tag's list of calls that wrap, so a long name never makes the list a scrolling
 * region that a keyboard cannot reach (axe scrollable-region-focusable).
 */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #595959; --scalar-color-3: #5e5e5e; --scalar-color-accent: #005a91;
  --scalar-color-blue: #005a91; --scalar-color-green: #046b47; --scalar-color-orange: #944400;
  --scalar-color-red: #b3261e; --scalar-color-purple: #6b3fa0; --scalar-color-yellow: #705400;
}
.endpoints .endpoint, .endpoints .endpoint-path { white-space: normal; overflow-wrap: anywhere; }`;

// The viewer is bundled with the site (no CDN) and runs under the page's nonce-based CSP.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <Spinner label="Loading the API reference..." className="py-16" />,
});

/**
 * The document as the viewer shows it: without `info.description`. The page above already
 * gives that text (keys, scopes, pagination, errors, webhooks), and Scalar renders a described
 * introduction twice under one id (a placeholder and the section), which fails WCAG 2 success
 * criterion 4.1.1 (HTML_CodeSniffer F77).
 */
async function fetchWithoutIntroduction(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (!res.ok) return res;
  const doc = (await res.json()) as { info?: { description?: string } };
  if (doc.info) delete doc.info.description;
  return new Response(JSON.stringify(doc), { status: res.status, headers: { "Content-Type": "application/json" } });
}

/**
 * The interactive reference of the public API, rendered by Scalar from /api/v1/openapi.json:
 * no web fonts or services of Scalar's (no telemetry, AI agent or MCP), every group open, light
 * mode to match the site. For WCAG 2 AA under axe-core and HTML_CodeSniffer (e2e/developers-a11y.spec.ts):
 * - path routing (/developers/<section>, served by ../[...section]/page.tsx): with hash routing
 *   Scalar's sidebar links name fragments without the document's prefix that its sections' ids
 *   carry, so every in-page link points at an id that does not exist (success criterion 2.4.1);
 * - no "Test request" panel: the reference only reads (hideClientButton), and its
 *   authentication box is a form without a submit button (success criterion 3.2.2).
 */
export function ApiReference() {
  return (
    <div data-testid="api-reference" className="min-h-96">
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: "light",
          showDeveloperTools: "never",
          documentDownloadType: "json",
          mcp: { disabled: true },
          agent: { disabled: true },
          defaultOpenAllTags: true,
          hideTestRequestButton: true,
          pathRouting: { basePath: "/developers" },
          customFetch: fetchWithoutIntroduction,
          customCss: CONTRAST_CSS,
        }}
      />
    </div>
  );
}
