import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end suite in Debian's headless Chromium (the chromium-headless-shell package,
 * /usr/bin/chromium-headless-shell, or CHROMIUM_PATH; Playwright's own browser download is not
 * used). The headless shell is the browser Playwright itself runs headless: Chromium without the
 * desktop browser's layers, which used a fifth less CPU than /usr/bin/chromium --headless for
 * the same specs (trust-pages and first-tap, 370 against 466 CPU-s, server included). The app is built and served on the embedded database in a fresh
 * data folder loaded with the Vermont directory and the demo seed.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";

export default defineConfig({
  testDir: "./e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  // One worker: on the 2-core machines the suite runs on, the server, Chromium and the specs that
  // start servers of their own already use both cores, and a second worker made no spec faster
  // and the longest ones miss the 60 s test timeout (README, "How the suite keeps its time").
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A stray test.only would silently skip the rest of the suite under CI.
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace (screencast frames and a DOM snapshot at every action) costs Chromium
    // CPU in every test; under CI a failed test is retried once and its retry is recorded.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // No CSS animation or transition runs (app/globals.css honours prefers-reduced-motion): an
    // endless spinner repaints every frame, and an action waits for a moving element to settle.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --conditions=react-server --import tsx scripts/start.ts`,
    url: `${baseURL}/api/auth/csrf`,
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NEXTAUTH_URL: baseURL,
      DEMO_DATA: "1",
      ADMIN_PASSWORD: "givebridge-e2e-admin-1",
      NEXT_TELEMETRY_DISABLED: "1",
      // The whole suite checks out from one address with the same test cards.
      CHECKOUT_IP_MAX_ATTEMPTS: "10000",
      CHECKOUT_DEVICE_MAX_ATTEMPTS: "10000",
      CHECKOUT_CARD_MAX_ATTEMPTS: "10000",
      // Browsers solve the real proof-of-work check; its cost plays no part in what the specs check.
      PROOF_OF_WORK_COST: "10",
      // Webhook endpoints on this machine (e2e/webhooks.spec.ts runs its receiver locally).
      WEBHOOK_ALLOW_LOCAL_TARGETS: "1",
    },
  },
});
