"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Trash2 } from "lucide-react";
import Link from "next/link";
import { useId, useRef, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/input";
import type { ApiKeySummary } from "@/lib/public-api/keys/api-key-dto";
import { apiScopeDescriptions, apiScopes, createApiKeySchema, API_KEY_NAME_MAX, type CreateApiKeyInput } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { CopyLink } from "./copy-link";
import { requestJson } from "@/lib/client/request";

const when = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

/**
 * Create, copy and revoke API keys. A new key is shown once, with a copy button; the list
 * shows each key's prefix, scopes and last use. Revoking asks for confirmation first. Results
 * are announced in a polite live region; errors as alerts.
 */
export function ApiKeysManager({ initialKeys }: { initialKeys: ApiKeySummary[] }) {
  const [keys, setKeys] = useState(initialKeys);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema) as never, defaultValues: { name: "", scopes: ["read:donations"] } });
  const nameField = register("name");

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const answer = await requestJson<{ key: ApiKeySummary; secret: string }>("/api/api-keys", { method: "POST", body: values });
    if (!answer.ok) {
      if (answer.fields.name) setFieldError("name", { message: answer.fields.name });
      setError(answer.message);
      return;
    }
    setKeys((list) => [answer.data.key, ...list]);
    setCreated({ name: answer.data.key.name, secret: answer.data.secret });
    setStatus(messages.apiKeys.created(answer.data.key.name));
    reset({ name: "", scopes: ["read:donations"] });
  });

  const revoke = async (key: ApiKeySummary) => {
    setError(null);
    setRevoking(key.id);
    const answer = await requestJson<{ key: ApiKeySummary }>(`/api/api-keys/${encodeURIComponent(key.id)}`, { method: "DELETE" });
    setRevoking(null);
    setConfirming(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setKeys((list) => list.map((k) => (k.id === key.id ? answer.data.key : k)));
    setStatus(messages.apiKeys.revoked(key.name));
    nameRef.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <h3 id={headingId} className="sr-only">
        API keys
      </h3>
      <p className="text-sm text-ink-muted">
        Keys let your own tools read your donations, fundraisers, events and payouts through the Givebridge API.{" "}
        <Link href="/developers" className="font-semibold text-brand-700 hover:underline">
          API reference and guide
        </Link>
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {created ? (
        <Alert variant="success" title={messages.apiKeys.created(created.name)}>
          <p className="mb-2">{messages.apiKeys.shownOnce}</p>
          <CopyLink label="Your new API key" url={created.secret} />
        </Alert>
      ) : null}

      <form method="post" noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Create an API key">
        <TextField
          label="Key name"
          hint="What uses it, e.g. CRM sync"
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          {...nameField}
          ref={(el) => {
            nameField.ref(el);
            nameRef.current = el;
          }}
          error={errors.name?.message}
        />
        <fieldset aria-describedby={errors.scopes ? `${headingId}-scopes-error` : undefined}>
          <legend className="text-[0.95rem] font-medium text-ink">Scopes</legend>
          <div className="mt-2 space-y-2">
            {apiScopes.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} description={apiScopeDescriptions[scope]} {...register("scopes")} />
            ))}
          </div>
          {errors.scopes ? (
            <p id={`${headingId}-scopes-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {errors.scopes.message ?? messages.apiKeys.scopesRequired}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" loading={isSubmitting} loadingLabel="Creating..." leftIcon={<KeyRound className="size-4" aria-hidden="true" />}>
          Create key
        </Button>
      </form>

      {keys.length === 0 ? (
        <p className="text-sm text-ink-muted">{messages.apiKeys.none}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your API keys">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="api-key">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">
                  {key.name}
                  {key.revokedAt ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-ink-muted">Revoked</span> : null}
                </p>
                <p className="font-mono text-xs break-all text-ink-muted">{key.prefix}…</p>
                <p className="text-xs text-ink-muted">{key.scopes.join(", ")}</p>
                <p className="text-xs text-ink-subtle">
                  Created {when(key.createdAt)} · {key.lastUsedAt ? `Last used ${when(key.lastUsedAt)}` : "Never used"}
                  {key.revokedAt ? ` · Revoked ${when(key.revokedAt)}` : ""}
                </p>
              </div>
              {key.revokedAt ? null : confirming === key.id ? (
                <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm revoking ${key.name}`}>
                  <p className="w-full text-xs text-ink">{messages.apiKeys.confirmRevoke(key.name)}</p>
                  <Button size="sm" variant="danger" loading={revoking === key.id} loadingLabel="Revoking..." onClick={() => revoke(key)} autoFocus>
                    Yes, revoke
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => setConfirming(key.id)}
                  aria-label={`Revoke ${key.name}`}
                  leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
