import { Webhook } from "lucide-react";
import { Modal } from "@/components/ui/dialog";
import type { Actor } from "@/lib/auth/actor";
import { listWebhookEndpoints } from "@/lib/services/webhooks/webhook-endpoints";
import { tileButtonClasses } from "./tile";
import { WebhooksManager } from "./webhooks-manager";

/**
 * The nonprofit dashboard's Webhooks tile: opens the endpoints manager in a
 * wide popup (also at /dashboard/webhooks, the link in the "endpoint disabled" email).
 */
export async function WebhooksTile({ user, section }: { user: Actor; section?: string }) {
  const endpoints = await listWebhookEndpoints({ actor: user });
  return (
    <li>
      <Modal
        title="Webhooks"
        description="Signed events sent to your own systems."
        size="xl"
        defaultOpen={section === "webhooks"}
        trigger={
          <button type="button" className={tileButtonClasses}>
            <Webhook className="size-7 text-brand-700" aria-hidden />
            <span className="font-semibold text-ink">Webhooks</span>
            <span className="text-sm text-ink-muted">Events to your systems</span>
          </button>
        }
      >
        <WebhooksManager initialEndpoints={endpoints} />
      </Modal>
    </li>
  );
}
