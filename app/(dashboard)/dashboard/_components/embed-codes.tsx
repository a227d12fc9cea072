"use client";

import { useId, useState } from "react";
import { Select } from "@/components/ui/select";
import type { EmbedSnippets } from "@/lib/embed/snippets";
import { CopyLink } from "./copy-link";

export type EmbedChoice = { value: string; label: string; snippets: EmbedSnippets; previewPath: string };

/** The Embed tile's body: which form (direct gift or a fundraiser), then its three embed codes, each copyable. */
export function EmbedCodes({ choices }: { choices: EmbedChoice[] }) {
  const [value, setValue] = useState(choices[0]?.value ?? "");
  const chosen = choices.find((c) => c.value === value) ?? choices[0];
  const hintId = useId();
  if (!chosen) return null;
  return (
    <div className="space-y-4">
      <Select
        label="Form for"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        options={choices.map((c) => ({ value: c.value, label: c.label }))}
        aria-describedby={hintId}
      />
      <p id={hintId} className="text-sm text-ink-muted">
        The form takes gifts on your own website with the same checkout as Givebridge: amounts, monthly gifts, covering fees and the donor&apos;s
        sharing choices.{" "}
        <a href={chosen.previewPath} target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">
          Preview the form<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <CopyLink label="Script (recommended): paste it where the form goes" url={chosen.snippets.script} />
      <CopyLink label="Plain iframe, for sites that do not allow scripts" url={chosen.snippets.iframe} />
      <CopyLink label="Link to the form on Givebridge" url={chosen.snippets.link} />
    </div>
  );
}
