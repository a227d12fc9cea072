"use client";

import { ExternalLink, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import type { OrganizationLink } from "@/lib/services/organizations/list-organization-links";
import { messages } from "@/lib/validations/messages";
import { normalizeLink, truncateLinkForDisplay, type OrganizationLinkKind } from "@/lib/validations/organization-links";
import { requestJson } from "@/lib/client/request";

const words: Record<OrganizationLinkKind, { title: string; field: string; empty: string; save: string; remove: string }> = {
  wishlist: { title: "Wishlist", field: "Wishlist link", empty: messages.organization.noWishlist, save: "/api/saveWishlist", remove: "/api/deleteWishlist" },
  marketplace: {
    title: "Marketplace",
    field: "Marketplace link",
    empty: messages.organization.noMarketplace,
    save: "/api/saveMarketplace",
    remove: "/api/deleteMarketplace",
  },
};

type Answer = { ok: true; links: OrganizationLink[] } | { ok: false; message: string };

async function send(url: string, body: Record<string, string>, kind: OrganizationLinkKind): Promise<Answer> {
  const res = await requestJson<Partial<Record<OrganizationLinkKind, OrganizationLink[]>>>(url, { method: "POST", body });
  if (!res.ok) return { ok: false, message: res.message };
  const links = res.data[kind];
  return Array.isArray(links) ? { ok: true, links } : { ok: false, message: messages.generic.server };
}

export type LinksManagerProps = {
  organizationId: string;
  kind: OrganizationLinkKind;
  /** The organization's links of this kind, oldest first (listOrganizationLinks). */
  initialLinks: OrganizationLink[];
};

/**
 * Manage Wishlist / Manage Marketplace (spec sections 2, 5 and 9): the organization's links
 * (shown truncated at 40 characters, full address in the title and link) with a Delete
 * button each, and a form to add one. A link is required ('Please enter a link'), cleaned,
 * given http:// when it has no scheme and checked as a web address before it is sent; the
 * server checks it again. Results are announced in a polite live region.
 */
export function LinksManager({ organizationId, kind, initialLinks }: LinksManagerProps) {
  const router = useRouter();
  const w = words[kind];
  const [links, setLinks] = useState(initialLinks);
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const normalized = normalizeLink(value);
    if (!normalized.ok) {
      setFieldError(normalized.message);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setSaving(true);
    const answer = await send(w.save, { _id: organizationId, [kind]: normalized.url }, kind);
    setSaving(false);
    if (!answer.ok) {
      setFieldError(answer.message);
      inputRef.current?.focus();
      return;
    }
    setLinks(answer.links);
    setValue("");
    setStatus(`Link added to your ${w.title.toLowerCase()}.`);
    inputRef.current?.focus();
    router.refresh();
  };

  const remove = async (link: OrganizationLink) => {
    setError(null);
    setRemoving(link._id);
    const answer = await send(w.remove, { _id: organizationId, linkId: link._id }, kind);
    setRemoving(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setLinks(answer.links);
    setStatus(`Link removed from your ${w.title.toLowerCase()}.`);
    inputRef.current?.focus();
    router.refresh();
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="sr-only">
        {w.title} links
      </h3>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {links.length === 0 ? (
        <p className="text-sm text-ink-muted">{w.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={`Your ${w.title.toLowerCase()} links`}>
          {links.map((link) => (
            <li key={link._id} className="flex items-center gap-2 py-2">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={link.url}
                className="inline-flex min-w-0 flex-1 items-center gap-1 text-sm break-all text-brand-700 hover:underline"
              >
                {link.label ? `${link.label}: ` : ""}
                {truncateLinkForDisplay(link.url)}
                <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <Button
                size="sm"
                variant="ghost"
                className="shrink-0 text-red-700"
                loading={removing === link._id}
                loadingLabel="Deleting..."
                disabled={removing !== null}
                onClick={() => remove(link)}
                aria-label={`Delete ${link.url}`}
                leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          ref={inputRef}
          label={w.field}
          required
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError ?? undefined}
          containerClassName="min-w-0 flex-1"
        />
        <Button type="submit" loading={saving} loadingLabel="Saving..." className="sm:mt-7" leftIcon={<Plus className="size-4" aria-hidden="true" />}>
          Add link
        </Button>
      </form>
    </section>
  );
}
