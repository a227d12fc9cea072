"use client";

import { Copy, Plus, RefreshCw, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { WebhookDeliveryView } from "@/lib/services/webhooks/webhook-deliveries";
import type { WebhookEndpointView } from "@/lib/services/webhooks/webhook-endpoints";
import { messages } from "@/lib/validations/messages";
import { createWebhookEndpointSchema, webhookEventLabels, webhookEventTypes, type WebhookEventType } from "@/lib/validations/webhooks";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { requestJson, type RequestOptions, type RequestResult } from "@/lib/client/request";

type Method = NonNullable<RequestOptions["method"]>;

/** Call our own API (JSON in and out, never cached); never throws. */
const api = <T,>(method: Method, url: string, body?: unknown): Promise<RequestResult<T>> => requestJson<T>(url, { method, body, cache: "no-store" });

/** UTC date and time, the same on the server and in every browser. */
const utc = (iso: string) => `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" })} UTC`;

const statusText: Record<WebhookDeliveryView["status"], string> = { pending: "Pending", succeeded: "Delivered", failed: "Failed" };
const statusTone: Record<WebhookDeliveryView["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  succeeded: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

function endpointState(e: WebhookEndpointView): { text: string; tone: string } {
  if (e.enabled) return { text: "Enabled", tone: "bg-emerald-100 text-emerald-900" };
  if (e.disabledReason === "failing") return { text: "Disabled after repeated failures", tone: "bg-red-100 text-red-900" };
  return { text: "Disabled", tone: "bg-slate-200 text-slate-800" };
}

type View = { kind: "list" } | { kind: "form"; endpoint: WebhookEndpointView | null } | { kind: "log"; endpoint: WebhookEndpointView };

/**
 * The dashboard's Webhooks tile: a nonprofit's endpoints (URL, events,
 * state), a form to add or edit one, the signing secret shown once after creation or rotation,
 * "Send test event", enable / disable / delete, and each endpoint's delivery log (attempts with
 * status code, duration, error and next retry) with Replay. Results are announced in a polite
 * live region; errors in an alert.
 */
export function WebhooksManager({ initialEndpoints }: { initialEndpoints: WebhookEndpointView[] }) {
  const [endpoints, setEndpoints] = useState(initialEndpoints);
  const [view, setView] = useState<View>({ kind: "list" });
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Switch views; focus goes to the new view's heading unless something else takes it (the secret). */
  const show = (next: View, focusHeading = true) => {
    setError(null);
    setView(next);
    if (focusHeading) requestAnimationFrame(() => headingRef.current?.focus());
  };
  const replace = (e: WebhookEndpointView) => setEndpoints((list) => list.map((x) => (x.id === e.id ? e : x)));

  const act = async <T,>(key: string, method: Method, url: string, body: unknown, done: (data: T) => void) => {
    setError(null);
    setBusy(key);
    const answer = await api<T>(method, url, body);
    setBusy(null);
    if (!answer.ok) setError(answer.message);
    else done(answer.data);
  };

  const toggle = (e: WebhookEndpointView) =>
    act<{ endpoint: WebhookEndpointView }>(`toggle:${e.id}`, "PUT", `/api/webhook-endpoints/${e.id}`, { enabled: !e.enabled }, (d) => {
      replace(d.endpoint);
      setStatus(d.endpoint.enabled ? "Endpoint enabled." : "Endpoint disabled.");
    });
  const rotate = (e: WebhookEndpointView) =>
    act<{ endpoint: WebhookEndpointView; secret: string }>(`rotate:${e.id}`, "POST", `/api/webhook-endpoints/${e.id}/secret`, undefined, (d) => {
      replace(d.endpoint);
      setSecret({ url: d.endpoint.url, value: d.secret });
      setStatus("New signing secret created. The previous one keeps signing for 24 hours.");
    });
  const sendTest = (e: WebhookEndpointView) =>
    act(`test:${e.id}`, "POST", `/api/webhook-endpoints/${e.id}/test`, undefined, () => setStatus("Test event queued: see the delivery log."));
  const remove = (e: WebhookEndpointView) => {
    if (!window.confirm(`Delete the endpoint ${e.url} and its delivery log?`)) return;
    void act(`delete:${e.id}`, "DELETE", `/api/webhook-endpoints/${e.id}`, undefined, () => {
      setEndpoints((list) => list.filter((x) => x.id !== e.id));
      setStatus("Endpoint deleted.");
    });
  };

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {error ? (
        <Alert variant="error" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {secret ? (
        <SecretReveal
          secret={secret}
          onDone={() => {
            setSecret(null);
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      ) : null}

      {view.kind === "form" ? (
        <EndpointForm
          headingRef={headingRef}
          endpoint={view.endpoint}
          onCancel={() => show({ kind: "list" })}
          onSaved={(saved, newSecret) => {
            if (view.endpoint) replace(saved);
            else setEndpoints((list) => [...list, saved]);
            if (newSecret) setSecret({ url: saved.url, value: newSecret });
            setStatus(view.endpoint ? "Endpoint saved." : "Endpoint added.");
            show({ kind: "list" }, !newSecret);
          }}
        />
      ) : view.kind === "log" ? (
        <DeliveryLog headingRef={headingRef} endpoint={view.endpoint} onBack={() => show({ kind: "list" })} announce={setStatus} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="webhooks-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
              Your endpoints
            </h3>
            <Button size="sm" onClick={() => show({ kind: "form", endpoint: null })} leftIcon={<Plus className="size-4" aria-hidden="true" />}>
              Add endpoint
            </Button>
          </div>
          <p className="text-sm text-ink-muted">
            We send signed events (Standard Webhooks) to your own systems when gifts, monthly gifts, ticket orders and fundraisers change. Failed
            deliveries are retried for about 3 days.
          </p>
          {endpoints.length === 0 ? (
            <EmptyState title="No webhook endpoints yet." description="Add the https:// address of your system to receive events." />
          ) : (
            <ul className="space-y-3" aria-label="Webhook endpoints">
              {endpoints.map((e) => {
                const state = endpointState(e);
                return (
                  <li key={e.id} className="rounded-control border border-slate-200 p-3" data-testid="webhook-endpoint">
                    <p className="font-medium break-all text-ink">{e.url}</p>
                    {e.description ? <p className="text-sm text-ink-muted">{e.description}</p> : null}
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.tone}`}>{state.text}</span>
                      <span className="text-ink-muted">{e.eventTypes.join(", ")}</span>
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button size="sm" variant="secondary" onClick={() => show({ kind: "log", endpoint: e })}>
                        Delivery log
                      </Button>
                      <Button size="sm" variant="outline" loading={busy === `test:${e.id}`} loadingLabel="Sending..." disabled={!e.enabled} onClick={() => sendTest(e)} leftIcon={<Send className="size-4" aria-hidden="true" />}>
                        Send test event
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => show({ kind: "form", endpoint: e })}>
                        Edit
                      </Button>
                      <Button size="sm" variant="outline" loading={busy === `rotate:${e.id}`} loadingLabel="Rotating..." onClick={() => rotate(e)}>
                        Rotate secret
                      </Button>
                      <Button size="sm" variant="outline" loading={busy === `toggle:${e.id}`} onClick={() => toggle(e)}>
                        {e.enabled ? "Disable" : "Enable"}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-red-700" loading={busy === `delete:${e.id}`} loadingLabel="Deleting..." onClick={() => remove(e)} aria-label={`Delete ${e.url}`}>
                        Delete
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The signing secret, shown once, with a copy button. */
function SecretReveal({ secret, onDone }: { secret: { url: string; value: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <Alert variant="warning" title="Copy your signing secret now">
      <p className="break-all">It will not be shown again. Your endpoint {secret.url} verifies each delivery with it.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField ref={inputRef} label="Signing secret" readOnly value={secret.value} onFocus={(e) => e.currentTarget.select()} containerClassName="min-w-0 flex-1" className="font-mono text-xs" />
        <Button
          size="sm"
          variant="outline"
          leftIcon={<Copy className="size-4" aria-hidden="true" />}
          onClick={async () => {
            await navigator.clipboard?.writeText(secret.value).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}

/** Add or edit an endpoint: URL, description, events (the shared schema checks them first). */
function EndpointForm({
  endpoint,
  onCancel,
  onSaved,
  headingRef,
}: {
  endpoint: WebhookEndpointView | null;
  onCancel: () => void;
  onSaved: (endpoint: WebhookEndpointView, secret: string | null) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? "https://");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? ["donation.succeeded"]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const legendId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const input = { url: url.trim(), description, eventTypes: events };
    const parsed = createWebhookEndpointSchema.safeParse(input);
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, topField));
      return;
    }
    setFields({});
    setSaving(true);
    const answer = await api<{ endpoint: WebhookEndpointView; secret?: string }>(endpoint ? "PUT" : "POST", endpoint ? `/api/webhook-endpoints/${endpoint.id}` : "/api/webhook-endpoints", input);
    setSaving(false);
    if (!answer.ok) {
      setFields(answer.fields);
      if (Object.keys(answer.fields).length === 0) setFormError(answer.message);
      return;
    }
    onSaved(answer.data.endpoint, answer.data.secret ?? null);
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4" aria-labelledby="webhooks-heading">
      <h3 id="webhooks-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {endpoint ? "Edit endpoint" : "Add an endpoint"}
      </h3>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <TextField
        label="Endpoint URL"
        required
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fields.url}
        hint="An https:// address of your own system. It must answer with a 2xx status within 15 seconds."
      />
      <TextField label="Description (optional)" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} error={fields.description} />
      <fieldset aria-labelledby={legendId} aria-describedby={fields.eventTypes ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-[0.95rem] font-semibold text-ink">
          Events to send
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <Checkbox
              key={type}
              label={type}
              description={webhookEventLabels[type]}
              checked={events.includes(type)}
              onChange={(e) => setEvents((list) => (e.target.checked ? [...list, type] : list.filter((t) => t !== type)))}
            />
          ))}
        </div>
        {fields.eventTypes ? (
          <p id={`${legendId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {fields.eventTypes}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving} loadingLabel="Saving...">
          {endpoint ? "Save endpoint" : "Add endpoint"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** An endpoint's newest deliveries with their attempts, Refresh and Replay. */
function DeliveryLog({
  endpoint,
  onBack,
  announce,
  headingRef,
}: {
  endpoint: WebhookEndpointView;
  onBack: () => void;
  announce: (text: string) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [deliveries, setDeliveries] = useState<WebhookDeliveryView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [replaying, setReplaying] = useState<string | null>(null);

  const fetchLog = () => api<{ deliveries: WebhookDeliveryView[] }>("GET", `/api/webhook-endpoints/${endpoint.id}/deliveries`);
  const apply = (answer: RequestResult<{ deliveries: WebhookDeliveryView[] }>) => {
    setLoading(false);
    if (!answer.ok) {
      setError(messages.webhooks.loadFailed);
      return;
    }
    setError(null);
    setDeliveries(answer.data.deliveries);
    announce(`${answer.data.deliveries.length} deliveries loaded.`);
  };
  const load = async () => {
    setLoading(true);
    apply(await fetchLog());
  };
  // Load when the log opens (the answer is applied only while it is still open).
  useEffect(() => {
    let open = true;
    void fetchLog().then((answer) => open && apply(answer));
    return () => {
      open = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchLog and apply are rebuilt each render; the log reloads only when another endpoint is shown
  }, [endpoint.id]);

  const replay = async (d: WebhookDeliveryView) => {
    setReplaying(d.id);
    const answer = await api<{ delivery: WebhookDeliveryView }>("POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/${d.id}/replay`);
    setReplaying(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setDeliveries((list) => list?.map((x) => (x.id === d.id ? answer.data.delivery : x)) ?? null);
    announce("Delivery queued again.");
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="webhooks-heading" ref={headingRef} tabIndex={-1} className="min-w-0 text-lg font-semibold break-all text-ink">
          Delivery log: {endpoint.url}
        </h3>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void load()} loading={loading} loadingLabel="Refreshing..." leftIcon={<RefreshCw className="size-4" aria-hidden="true" />}>
            Refresh
          </Button>
          <Button size="sm" variant="ghost" onClick={onBack}>
            Back to endpoints
          </Button>
        </div>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {deliveries === null ? (
        loading ? <Spinner /> : null
      ) : deliveries.length === 0 ? (
        <EmptyState title="No deliveries yet." description="Events you picked appear here as they are sent. Try Send test event." />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Deliveries, newest first">
          {deliveries.map((d) => (
            <li key={d.id} className="py-3" data-testid="webhook-delivery">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[d.status]}`}>{statusText[d.status]}</span>
                <span className="font-medium text-ink">{d.eventType}</span>
                <span className="text-ink-muted">{utc(d.createdAt)}</span>
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {d.attemptCount} attempt{d.attemptCount === 1 ? "" : "s"}
                {d.lastStatusCode !== null ? ` · last answer HTTP ${d.lastStatusCode}` : ""}
                {d.lastError ? ` · ${d.lastError}` : ""}
                {d.nextAttemptAt ? ` · next attempt ${utc(d.nextAttemptAt)}` : ""}
              </p>
              <details className="mt-1 text-sm">
                <summary className="cursor-pointer text-brand-700">Attempts and payload</summary>
                <p className="mt-1 text-xs break-all text-ink-muted">webhook-id: {d.id}</p>
                {d.attempts.length === 0 ? (
                  <p className="mt-1 text-ink-muted">Not attempted yet.</p>
                ) : (
                  <ol className="mt-1 space-y-1">
                    {d.attempts.map((t) => (
                      <li key={t.number}>
                        #{t.number} {t.manual ? "(replay) " : ""}
                        {utc(t.startedAt)}: {t.statusCode !== null ? `HTTP ${t.statusCode}` : "no answer"} in {t.durationMs} ms
                        {t.error ? ` · ${t.error}` : ""}
                      </li>
                    ))}
                  </ol>
                )}
                <pre className="mt-2 max-h-60 overflow-auto rounded-control bg-surface-muted p-2 text-xs whitespace-pre-wrap break-all">{d.body}</pre>
              </details>
              <Button
                size="sm"
                variant="outline"
                className="mt-2"
                loading={replaying === d.id}
                loadingLabel="Replaying..."
                disabled={!endpoint.enabled}
                onClick={() => void replay(d)}
                aria-label={`Replay ${d.eventType} delivery of ${utc(d.createdAt)}`}
              >
                Replay
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
