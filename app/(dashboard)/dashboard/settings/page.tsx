import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { requireUserPage } from "@/lib/auth/session";
import { getOwnOrganization } from "@/lib/services/organizations/get-organization";
import { SettingsPanel } from "../_components/settings-panel";

export const metadata: Metadata = { title: "Settings" };

/** /dashboard/settings — account settings on their own page (the avatar menu's Settings). */
export default async function SettingsPage() {
  const user = await requireUserPage("/dashboard/settings");
  const contactEmail = user.type === "nonprofit" ? (await getOwnOrganization(user).catch(() => null))?.email : undefined;
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-ink">Account Settings</h1>
      <Card className="mt-6" padding="lg">
        <SettingsPanel user={user} contactEmail={contactEmail} />
      </Card>
    </div>
  );
}
