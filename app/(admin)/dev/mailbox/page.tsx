import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { can, principalFromSessionUser } from "@/lib/auth/can";
import { getSessionUser } from "@/lib/http/session";
import { serverEnv } from "@/lib/env";
import { listOutbox } from "@/lib/mail/transport";

export const metadata: Metadata = { title: "Development mailbox" };
export const dynamic = "force-dynamic";

/**
 * /dev/mailbox — the local outbox (DATA_DIR/outbox) when SMTP_URL is unset: open to everyone
 * outside production, to admins only in production; not found when mail goes through SMTP.
 */
export default async function MailboxPage() {
  const env = serverEnv();
  if (env.SMTP_URL) notFound();
  if (env.NODE_ENV === "production") {
    const user = await getSessionUser();
    if (!can(principalFromSessionUser(user), "admin.view", {})) notFound();
  }
  const entries = await listOutbox(100);
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Development mailbox</h1>
      <p className="mt-2 text-ink-muted">Messages written to the local outbox because no SMTP server is configured. Newest first.</p>
      {entries.length === 0 ? (
        <div className="mt-8">
          <EmptyState title="No messages yet" description="Mail sent by the app appears here." />
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-card border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-sunken text-ink-muted">
              <tr>
                <th className="px-4 py-2 font-semibold">Date (UTC)</th>
                <th className="px-4 py-2 font-semibold">To</th>
                <th className="px-4 py-2 font-semibold">Subject</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.file} className="border-t border-slate-100">
                  <td className="whitespace-nowrap px-4 py-2">{e.date.toISOString().replace("T", " ").slice(0, 19)}</td>
                  <td className="px-4 py-2">{e.to}</td>
                  <td className="px-4 py-2">{e.subject}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
