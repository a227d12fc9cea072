/**
 * The owner's fundraiser manager on /nonprofit/{id} (spec section 9, "Create Fundraiser"):
 * every fundraiser of the organization (active and ended), newest first, with progress bars
 * and Create, Edit, End and Delete. Renders nothing for anyone but the organization's own
 * nonprofit user; the public list of active fundraisers is the profile page's own card.
 */
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { listManagedFundraisers } from "@/lib/services/fundraisers/manage-fundraisers";
import { FundraiserList } from "./owner-editors";

export type FundraiserManagerProps = {
  organizationId: string;
  /** Open the create form at once and focus its first field (`?sec=fundraiser`). */
  openCreate?: boolean;
};

/** Server component: loads the owner's fundraisers and renders the interactive list. */
export async function FundraiserManager({ organizationId, openCreate = false }: FundraiserManagerProps) {
  const user = await getActor();
  if (!user || !can(user, "fundraiser.manage", { organizationId })) return null;
  const fundraisers = await listManagedFundraisers({ actor: user, organizationId });
  return <FundraiserList organizationId={organizationId} initialFundraisers={fundraisers} openCreate={openCreate} />;
}
