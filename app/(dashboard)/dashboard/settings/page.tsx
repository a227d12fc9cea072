import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { actorFromSession } from "@/lib/auth/actor";
import { hasAccountType } from "@/lib/auth/can";
import { requireSessionUserPage } from "@/lib/http/session";
import { getOwnOrganization } from "@/lib/services/organizations/get-organization";
import { SettingsPanel } from "../_components/settings-panel";

export const metadata: Metadata = { title: "Settings" };

/** /dashboard/settings — account settings on their own page (the avatar menu's Settings). */
export default async function SettingsPage() {
  const user = await requireSessionUserPage("/dashboard/settings");
  const actor = actorFromSession(user);
  const contactEmail = hasAccountType(actor, "nonprofit") ? (await getOwnOrganization({ actor }).catch(() => null))?.email : undefined;
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-ink">Account Settings</h1>
      <Card className="mt-6" padding="lg">
        <SettingsPanel user={user} contactEmail={contactEmail} />
      </Card>
    </div>
  );
}
