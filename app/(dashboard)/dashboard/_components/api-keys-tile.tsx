import { KeyRound } from "lucide-react";
import type { Actor } from "@/lib/auth/actor";
import { listApiKeys } from "@/lib/public-api/keys/list-api-keys";
import { ApiKeysManager } from "./api-keys-manager";
import { PopupTile } from "./popup-tile";

/**
 * The nonprofit dashboard's "API keys" tile: a popup to create, copy (once) and
 * revoke the organization's keys of the public API, with a link to /developers.
 * Opened directly by /dashboard/api-keys.
 */
export async function ApiKeysTile({ user, defaultOpen }: { user: Actor; defaultOpen?: boolean }) {
  const keys = await listApiKeys({ actor: user });
  return (
    <li>
      <PopupTile title="API keys" description="Connect your own tools" icon={KeyRound} defaultOpen={defaultOpen}>
        <ApiKeysManager initialKeys={keys} />
      </PopupTile>
    </li>
  );
}
