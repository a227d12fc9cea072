import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { baseUrl } from "@/lib/env";
import { openApiDocument, rateLimitSentence } from "@/lib/public-api/openapi";
import { PAYOUTS_DESCRIPTION } from "@/lib/public-api/operations";
import { buildReference } from "@/lib/public-api/reference";
import { retryScheduleSentence, sentWebhookTypes, VERIFY_EXAMPLES, webhookEvents } from "@/lib/public-api/webhooks";
import { problemSlugs } from "@/lib/public-api/problem";
import { apiScopeDescriptions, apiScopes } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { API_PAGE_DEFAULT, API_PAGE_MAX } from "@/lib/public-api/query-schemas";
import { LegalArticle } from "../_components/legal-article";
import { ApiReference } from "./_components/api-reference";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Givebridge API for developers",
    description: "Read the nonprofit directory, fundraisers with their supporter pages and teams, and events, and your organization's donations, recurring gifts and payouts, with the Givebridge REST API.",
    path: "/developers",
  });
}

/** When each problem type of the API happens (one entry per /developers#problem-<slug>). */
const PROBLEMS: { code: keyof typeof problemSlugs; status: number; when: string }[] = [
  {
    code: "bad_request",
    status: 400,
    when: "A parameter is not valid, empty, given twice or not one of the call's: `errors` lists each one with its message. A `cursor` from another list, other filters or another organization's key, or one that was changed, is refused too.",
  },
  { code: "unauthenticated", status: 401, when: "The call needs a key and none was sent, or the key is not valid or has been revoked." },
  { code: "forbidden", status: 403, when: "The key does not have the scope the call needs." },
  { code: "not_found", status: 404, when: "No such resource, or it belongs to another organization, or no such call." },
  { code: "method_not_allowed", status: 405, when: "Version 1 only reads: every call answers GET (and HEAD and OPTIONS); another method gets 405 with an `Allow` header." },
  { code: "rate_limited", status: 429, when: "The allowance of the key or the address is used up: wait `Retry-After` seconds." },
  { code: "server_error", status: 500, when: "Something failed on our side; the call can be tried again." },
  { code: "unavailable", status: 503, when: "The service is briefly unavailable; try again later." },
  { code: "conflict", status: 409, when: "Not used by version 1 (it only reads)." },
  { code: "payload_too_large", status: 413, when: "Not used by version 1 (it only reads)." },
  { code: "unsupported_media_type", status: 415, when: "Not used by version 1 (it only reads)." },
];

/**
 * /developers — the public API: how keys, scopes, pagination, rate limits and errors work, and
 * the reference generated from the OpenAPI document (rendered here, on the server).
 */
export default function DevelopersPage() {
  const api = `${baseUrl()}/api/v1`;
  const example = {
    type: `${baseUrl()}/developers#problem-${problemSlugs.forbidden}`,
    title: messages.publicApi.titles.forbidden,
    status: 403,
    detail: messages.publicApi.scopeMissing("read:payouts"),
    instance: "/api/v1/payouts",
  };
  return (
    <>
      <LegalArticle
        title="Givebridge API for developers"
        intro={
          <p>
            A versioned REST API at <code className="break-all">{api}</code>: the public nonprofit directory, fundraisers and events for anyone, and your
            organization&apos;s donations, recurring gifts, payouts, fundraisers and events with an API key. It only reads; money is in cents (USD), times in UTC.
          </p>
        }
      >
        <section aria-labelledby="keys">
          <h2 id="keys">API keys</h2>
          <p>
            A nonprofit creates keys on its <Link href="/dashboard/api-keys">dashboard, tile API keys</Link>. A key is shown once, when it is created: copy it
            then. Givebridge keeps only its SHA-256 fingerprint and its first characters (<code>gb_live_AbCd1234…</code>) to tell keys apart. Send it in every
            call as <code>Authorization: Bearer gb_live_…</code>. Revoking a key on the dashboard stops it at once: calls with it get 401. Keep keys on your
            server, never in a web page.
          </p>
          <pre tabIndex={0} role="region" aria-label="Example call" className="mt-3 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
            <code>{`curl -H "Authorization: Bearer $GIVEBRIDGE_KEY" "${api}/donations?limit=50"`}</code>
          </pre>
        </section>
        <section aria-labelledby="scopes">
          <h2 id="scopes">Scopes</h2>
          <p>
            Each key holds one or more read scopes, chosen when it is created. The directory, public fundraisers (with their supporter pages and teams) and
            public events need no key.
          </p>
          <ul>
            {apiScopes.map((s) => (
              <li key={s}>
                <code>{s}</code>: {apiScopeDescriptions[s]}.
              </li>
            ))}
          </ul>
          <p>
            Donations carry only the details each donor chose to share with you for that gift; an anonymous gift has <code>&quot;donor&quot;: null</code>.
            Ticket payments are not donations. Recurring gifts carry no donor details: each monthly charge is a donation.
          </p>
        </section>
        <section aria-labelledby="pagination">
          <h2 id="pagination">Pagination</h2>
          <p>
            Lists answer <code>{`{ "object": "list", "data": [...], "has_more": true, "next_cursor": "..." }`}</code>. To read the next page, call again with{" "}
            <code>cursor</code> set to <code>next_cursor</code> and the same other parameters, until <code>has_more</code> is false. <code>limit</code> is 1 to{" "}
            {API_PAGE_MAX} (default {API_PAGE_DEFAULT}); <code>limit</code> may change from page to page. Cursors are opaque and signed: a cursor works only on
            the list, with the filters (and, for your organization&apos;s lists, the organization) it came from, and any other use is a 400.
          </p>
        </section>
        <section aria-labelledby="parameters">
          <h2 id="parameters">Parameters</h2>
          <p>
            Query parameters are read exactly as the reference states them: numbers in decimal digits (<code>limit=25</code>, not <code>1e2</code> or{" "}
            <code>0x10</code>), codes in the case shown (<code>state=VT</code>). A parameter that is empty, given twice or not one of the call&apos;s is a 400
            naming it, rather than being ignored.
          </p>
        </section>
        <section aria-labelledby="rate-limits">
          <h2 id="rate-limits">Rate limits</h2>
          <p>
            {rateLimitSentence()} Every answer says where you stand in the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{" "}
            <code>RateLimit-Reset</code> (seconds) headers. Past the limit the answer is 429 with <code>Retry-After</code>.
          </p>
        </section>
        <section aria-labelledby="payouts">
          <h2 id="payouts">Payouts</h2>
          <p>{PAYOUTS_DESCRIPTION.replaceAll("`", "")}</p>
        </section>
        <section aria-labelledby="peer-to-peer">
          <h2 id="peer-to-peer">Peer-to-peer fundraising</h2>
          <p>
            Supporters may start their own pages for a fundraiser whose organization allows it, alone or in teams. Money never goes to a supporter: a gift
            on a supporter page is the organization&apos;s gift to the fundraiser, attributed to the page and its team.
          </p>
          <ul>
            <li>
              <code>GET /fundraisers/{"{id}"}/supporter-pages</code> and <code>GET /fundraisers/{"{id}"}/teams</code> list a public fundraiser&apos;s
              supporter pages and teams, newest first, with <code>raised_cents</code> and <code>gift_count</code>. They are public like the pages
              themselves: no key is needed (a key may be sent; it is then its allowance that counts). Pages waiting for approval and pages or teams hidden by
              the organization are never listed; a supporter is named as the page shows them (<code>Ana R.</code>), never with an email. An unknown
              fundraiser, or one of an organization that is not public, is a 404. Cursors work only on the fundraiser and filters they came from.
            </li>
            <li>
              Every donation carries <code>supporter_page_id</code> and <code>team_id</code>: the supporter page the gift was made on and its team, or{" "}
              <code>null</code>.
            </li>
            <li>
              The webhooks <code>supporter_page.created</code> and <code>supporter_page.updated</code> tell your organization of pages started and changed
              (every state, pending and hidden included), with their totals. The supporter&apos;s email is sent only when the supporter chose to share it
              with you.
            </li>
          </ul>
          <pre tabIndex={0} role="region" aria-label="Example call for supporter pages" className="mt-3 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
            <code>{`curl "${api}/fundraisers/<fundraiser id>/supporter-pages?status=active&limit=50"`}</code>
          </pre>
        </section>
        <section aria-labelledby="webhooks">
          <h2 id="webhooks">Webhooks</h2>
          <p>
            A nonprofit adds endpoints on its <Link href="/dashboard/webhooks">dashboard, tile Webhooks</Link>, and picks the events each one receives.
            Givebridge POSTs each event as JSON <code>{`{ "type": "...", "timestamp": "...", "data": { ... } }`}</code>, signed by the{" "}
            <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme: <code>webhook-id</code> (the same on every retry: handle each id once),{" "}
            <code>webhook-timestamp</code> (Unix seconds) and <code>webhook-signature</code> (<code>v1,</code> and the base64 HMAC-SHA256 of{" "}
            <code>id.timestamp.body</code> keyed with the endpoint&apos;s secret; two of them, space-separated, while a secret is rotated). Verify the raw body
            before trusting it and refuse a timestamp more than 5 minutes off. The body of each event is in the reference below, under Webhooks.
          </p>
          <ul>
            {sentWebhookTypes.map((type) => (
              <li key={type}>
                <code>{type}</code>: {webhookEvents[type].description.replaceAll("`", "")}
              </li>
            ))}
          </ul>
          <h3 id="webhook-retries">Retries</h3>
          <p>{retryScheduleSentence()}</p>
          <h3 id="webhook-verify-node">Verifying a signature in Node.js</h3>
          <pre tabIndex={0} role="region" aria-label="Verifying a webhook in Node.js" className="mt-3 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
            <code>{VERIFY_EXAMPLES.node}</code>
          </pre>
          <h3 id="webhook-verify-python">Verifying a signature in Python, without a library</h3>
          <pre tabIndex={0} role="region" aria-label="Verifying a webhook in Python" className="mt-3 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
            <code>{VERIFY_EXAMPLES.python}</code>
          </pre>
        </section>
        <section aria-labelledby="errors">
          <h2 id="errors">Errors</h2>
          <p>
            Every error is RFC 9457 problem details, <code>application/problem+json</code>, with a <code>type</code> that links to its entry below:
          </p>
          <pre tabIndex={0} role="region" aria-label="Example problem" className="mt-3 overflow-x-auto rounded-control bg-surface-sunken p-3 text-sm">
            <code>{JSON.stringify(example, null, 2)}</code>
          </pre>
          <dl className="mt-3 space-y-3">
            {PROBLEMS.map((p) => (
              <div key={p.code} id={`problem-${problemSlugs[p.code]}`} className="scroll-mt-24">
                <dt className="font-semibold">
                  {p.status} {messages.publicApi.titles[p.code]} <code className="text-sm font-normal">#problem-{problemSlugs[p.code]}</code>
                </dt>
                <dd className="text-ink-muted">{p.when.replaceAll("`", "")}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="reference-intro">
          <h2 id="reference-intro">Reference</h2>
          <p>
            Every call, parameter and field, from the <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a> (generated from the same schemas the API checks
            requests with).
          </p>
        </section>
      </LegalArticle>
      <section aria-label="API reference" className="mx-auto w-full max-w-7xl px-2 pb-12 sm:px-4">
        <ApiReference reference={buildReference(openApiDocument())} />
      </section>
    </>
  );
}
