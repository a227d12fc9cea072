"use client";

import "@scalar/api-reference-react/style.css";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

/** Darker text and method colors than Scalar's light theme, for WCAG AA contrast (4.5:1). */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #595959; --scalar-color-3: #5e5e5e; --scalar-color-accent: #005a91;
  --scalar-color-blue: #005a91; --scalar-color-green: #046b47; --scalar-color-orange: #944400;
  --scalar-color-red: #b3261e; --scalar-color-purple: #6b3fa0; --scalar-color-yellow: #705400;
}`;

// The viewer is bundled with the site (no CDN) and runs under the page's nonce-based CSP.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <Spinner label="Loading the API reference..." className="py-16" />,
});

/**
 * The interactive reference of the public API, rendered by Scalar from /api/v1/openapi.json:
 * no web fonts or services of Scalar's (no telemetry, AI agent or MCP), every group open, light
 * mode to match the site.
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
          customCss: CONTRAST_CSS,
        }}
      />
    </div>
  );
}
