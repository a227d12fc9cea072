/**
 * Peer-to-peer fundraising over the app's HTTP API, as a browser does it, shared by the
 * benchmarks that need supporter pages (bench:serve, bench:p2p): a donor signs up
 * (POST /api/register/individual) and signs in (next-auth's credentials callback), then starts a
 * supporter page, and optionally a team, for a fundraiser (POST
 * /api/fundraisers/{id}/supporter-pages). Guests give on a page through the checkout
 * (POST /api/createPaymentIntent with `supporterPageId`); the public totals are read from the
 * public API (GET /api/v1/fundraisers/{id}/supporter-pages and /teams) and the fundraiser's
 * progress from its donate page, as bench:donate reads it.
 */
import { randomUUID } from "node:crypto";
import { parseDollarsToCents } from "@/lib/money";

/** A signed-in browser: its cookies (the session), sent with each request, and our Origin on writes. */
export class DonorSession {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  /** The session's cookies as a Cookie header, for a load generator that visits pages as this donor. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A request with the session's cookies; a JSON body, a form body or none (GET). */
  async fetch(pathname: string, init: { json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { origin: this.url };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(`${this.url}${pathname}`, { method: body ? "POST" : "GET", headers, body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  }

  /**
   * Sign up as a donor with `email` and sign in (the credentials form's post).
   * @throws when either step is refused.
   */
  async signUp(email: string, password = "p2p-bench-password-1"): Promise<this> {
    const reg = await this.fetch("/api/register/individual", { json: { firstName: "Peer", lastName: "Supporter", email, password, organization_company: "" } });
    if (reg.status !== 201) throw new Error(`sign-up of ${email} failed: ${reg.status} ${String(reg.body.message ?? "")}`);
    const { body } = await this.fetch("/api/auth/csrf");
    const res = await this.fetch("/api/auth/callback/credentials", { form: { csrfToken: String(body.csrfToken), email, password, json: "true" } });
    if (res.status >= 400 || String(res.body.url ?? "").includes("error=")) throw new Error(`sign-in of ${email} failed: ${res.status}`);
    return this;
  }
}

/** The part of the created page (lib/services/supporter-pages/supporter-pages.ts SupporterPageView) the benches use. */
export type StartedPage = { id: string; slug: string; path: string; team: { id: string; slug: string; path: string } | null };

/** What a supporter's page starts with: a team of its own (`create`), another's (`join`), or none. */
export type PageTeam = { mode: "create"; name: string; goal: string } | { mode: "join"; teamId: string } | null;

/**
 * A supporter page (and team) for `campaignId`, started by the signed-in `session`.
 * Goals are dollars as the form sends them ("500").
 * @throws when the app refuses it (supporter pages off for the fundraiser, one page per donor).
 */
export async function startSupporterPage(session: DonorSession, fundraiserId: string, page: { title: string; goal: string; team: PageTeam }): Promise<StartedPage> {
  const res = await session.fetch(`/api/fundraisers/${encodeURIComponent(fundraiserId)}/supporter-pages`, {
    json: { title: page.title, goal: page.goal, ...(page.team ? { team: page.team } : {}) },
  });
  if (res.status !== 201) throw new Error(`starting the supporter page "${page.title}" failed: ${res.status} ${String(res.body.message ?? "")}`);
  // The 201 answer is the page as its editor sees it (SupporterPageView, lib/services/supporter-pages/supporter-pages.ts).
  return res.body as unknown as StartedPage;
}

/** A fundraiser as GET /api/find/campaigns/active lists it. */
export type ActiveFundraiser = { _id: string; name: string; organization: { _id: string } };

/**
 * The active fundraiser named `name` (the demo data's "Winter Pantry Drive" has supporter pages on).
 * @throws when no active fundraiser has that name.
 */
export async function findFundraiser(url: string, name: string): Promise<ActiveFundraiser> {
  const res = await fetch(`${url}/api/find/campaigns/active?showAll=true`);
  if (!res.ok) throw new Error(`GET /api/find/campaigns/active answered ${res.status}`);
  const { campaigns: fundraisers } = (await res.json()) as { campaigns: ActiveFundraiser[] };
  const found = fundraisers.find((c) => c.name === name);
  if (!found) throw new Error(`no active fundraiser named "${name}"`);
  return found;
}

/** One sandbox gift's outcome: `succeeded` and `failed` (declined) carry the provider's answer; `error` anything else. */
export type GiftOutcome = { outcome: "succeeded" | "failed" | "error"; amountCents: number; detail: string };

/**
 * A guest's one-time sandbox card gift of `amountCents` to `fundraiser`, on the supporter page
 * `supporterPageId` (null: the fundraiser's own page). `declined` uses the sandbox's declined
 * test card. The app must run with CHECKOUT_CHALLENGE=off (no proof-of-work) and raised
 * checkout limits when many gifts come from this one address. A request lost on the network is
 * sent again with the same idempotency key (at most 3 times), as the checkout form does.
 */
export async function giveOnPage(url: string, fundraiser: ActiveFundraiser, supporterPageId: string | null, amountCents: number, options: { declined?: boolean; name?: string } = {}): Promise<GiftOutcome> {
  const idempotencyKey = randomUUID();
  const body = JSON.stringify({
    idempotencyKey,
    organizationId: fundraiser.organization._id,
    campaignId: fundraiser._id,
    supporterPageId,
    amountCents,
    name: options.name ?? "Peer Bench Guest",
    email: `p2p-${idempotencyKey.slice(0, 8)}@example.org`,
    card: { number: options.declined ? "4000000000000002" : "4242424242424242", expiry: "12/34", cvc: "123" },
  });
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${url}/api/createPaymentIntent`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body });
      const text = await res.text();
      let parsed: { status?: string; message?: string } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        parsed = { message: `non-JSON answer: ${text.slice(0, 80).replace(/\s+/g, " ")}` };
      }
      if (res.ok && (parsed.status === "succeeded" || parsed.status === "failed")) return { outcome: parsed.status, amountCents, detail: parsed.status };
      return { outcome: "error", amountCents, detail: `HTTP ${res.status} ${parsed.message ?? parsed.status ?? ""}`.trim() };
    } catch (err) {
      if (attempt < 3) continue;
      const cause = (err as Error & { cause?: { code?: string } }).cause;
      return { outcome: "error", amountCents, detail: `network: ${(err as Error).message}${cause?.code ? ` (${cause.code})` : ""}` };
    }
  }
}

/** A supporter page or team as the public API lists it (lib/services/api-resources/to-resources.ts), totals in cents. */
export type PublicTotals = { id: string; slug: string; raised_cents: number; gift_count: number; team_id?: string | null };

/**
 * Every public supporter page (`"supporter-pages"`) or team (`"teams"`) of a fundraiser with
 * its totals, following the public API's cursor to the end.
 * @throws when the API answers other than 200.
 */
export async function publicTotals(url: string, fundraiserId: string, list: "supporter-pages" | "teams"): Promise<PublicTotals[]> {
  const all: PublicTotals[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "100", ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${url}/api/v1/fundraisers/${encodeURIComponent(fundraiserId)}/${list}?${query}`);
    if (!res.ok) throw new Error(`GET /api/v1/fundraisers/{id}/${list} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const page = (await res.json()) as { data: PublicTotals[]; has_more?: boolean; next_cursor?: string | null };
    all.push(...page.data);
    cursor = page.has_more ? (page.next_cursor ?? null) : null;
  } while (cursor);
  return all;
}

/**
 * The dollar amount in the element marked `data-testid="{testId}"` of the page at `pathname`
 * (a supporter page's "supporter-raised", a team's "team-raised", the donate page's
 * "progress-raised"), in cents.
 * @throws when the page does not carry it.
 */
export async function raisedOnPage(url: string, pathname: string, testId: string): Promise<number> {
  const html = await (await fetch(`${url}${pathname}`)).text();
  const m = html.match(new RegExp(`data-testid="${testId}"[^>]*>\\$([\\d,]+\\.\\d{2})<`));
  if (!m) throw new Error(`could not read ${testId} on ${pathname}`);
  const cents = parseDollarsToCents(m[1]!);
  if (cents === null) throw new Error(`not a dollar amount: ${m[1]}`);
  return cents;
}

/**
 * The fundraiser's stored progress in cents, from the public API (GET /api/v1/fundraisers/{id}),
 * which reads the database on each call.
 * @throws when the API answers other than 200.
 */
export async function fundraiserProgress(url: string, fundraiserId: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/fundraisers/${encodeURIComponent(fundraiserId)}`);
  if (!res.ok) throw new Error(`GET /api/v1/fundraisers/{id} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { progress_cents: number }).progress_cents;
}
