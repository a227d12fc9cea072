import { Code } from "lucide-react";
import { baseUrl } from "@/lib/env";
import { checkoutPath } from "@/lib/embed/paths";
import { embedSnippets } from "@/lib/embed/snippets";
import { listOrganizationFundraisers } from "@/lib/services/fundraisers/list-fundraisers";
import { EmbedCodes, type EmbedChoice } from "./embed-codes";
import { PopupTile } from "./popup-tile";

/**
 * The dashboard's Embed tile (/dashboard/embed opens it): the embed codes of the donate form
 * for the organization's own website, for a direct gift or any active fundraiser
 * (lib/embed/snippets.ts). Fundraisers are public, so listing them needs no ownership check.
 */
export async function EmbedTile({ organizationId, organizationName, receivesGifts, defaultOpen }: { organizationId: string; organizationName: string; receivesGifts: boolean; defaultOpen?: boolean }) {
  const fundraisers = await listOrganizationFundraisers({ organizationId, activeOnly: true });
  const siteUrl = baseUrl();
  const choice = (fundraiserId: string | null, label: string, title: string): EmbedChoice => ({
    value: fundraiserId ?? "",
    label,
    snippets: embedSnippets({ siteUrl, organizationId, fundraiserId, title }),
    previewPath: checkoutPath("embed", organizationId, fundraiserId),
  });
  const choices = [
    choice(null, `Direct donation to ${organizationName}`, `Donate to ${organizationName}`),
    ...fundraisers.map((f) => choice(f._id, `Fundraiser: ${f.name}`, `Donate to ${f.name}`)),
  ];
  return (
    <li>
      <PopupTile title="Embed" description="A donate form for your website" icon={Code} popupTitle="Embed a donate form on your website" defaultOpen={defaultOpen}>
        {receivesGifts ? null : (
          <p className="mb-4 text-sm text-ink-muted">
            Until payments are connected the form offers a pledge instead of taking gifts, like your Givebridge pages.
          </p>
        )}
        <EmbedCodes choices={choices} />
      </PopupTile>
    </li>
  );
}
