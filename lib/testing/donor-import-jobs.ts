/**
 * Test helper for queued donor imports: the dry run and the run are jobs of the queue
 * (lib/services/donor-imports/import-jobs.ts), so a test polls the import's status route
 * (GET /api/donor-imports/{id}) as the import page does, until its job has ended.
 */
import type { Actor } from "@/lib/auth/actor";
import { call } from "@/lib/http/testing";
import type { DonorImportView } from "@/lib/services/donor-imports/donor-imports";
import { GET as getRoute } from "@/app/api/(app)/donor-imports/[id]/route";

/**
 * The import `importId` as `actor` sees it once no job of it is queued or running (or its job failed).
 * @throws when the job has not ended within `timeoutMs` (default 120 s).
 */
export async function untilImportJobEnds(actor: Actor, importId: string, timeoutMs = 120_000): Promise<DonorImportView> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const view = (await (await call(getRoute, { url: `/api/donor-imports/${importId}`, params: { id: importId }, user: actor })).json()) as DonorImportView;
    if (!view.job || view.job.state === "failed") return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the import job did not finish within ${timeoutMs / 1000} s`);
}
