/** POST /api/subscribe (newsletter) and POST /api/sendFeedback (Contact Us). */
import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/queue";
import { feedback, newsletterSubscriptions, users } from "@/models";

/** Subscribe `email` to the newsletter. Idempotent: subscribing twice keeps one row. */
export async function subscribeNewsletter({ email }: { email: string }): Promise<{ subscribed: true }> {
  const db = await getDb();
  const inserted = await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing().returning({ email: newsletterSubscriptions.email });
  await db.update(users).set({ newsletter: true }).where(sql`${users.email} = ${email}`);
  if (inserted.length) {
    await enqueueMail({ to: email, subject: "You're subscribed to Givebridge news", text: "Thank you for subscribing to the Givebridge newsletter. You can unsubscribe at any time by replying to this email." });
  }
  return { subscribed: true };
}

/**
 * A Contact Us message (userName, email, description; POST /api/sendFeedback): stored in the
 * feedback table and queued, in the same transaction, as an email to the team at ADMIN_EMAIL
 * with Reply-To set to the sender, so a reply goes straight back to them.
 */
export async function sendFeedback(input: { userName: string; email: string; description: string }): Promise<{ sent: true }> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(feedback).values(input);
    await enqueueMail(
      {
        to: serverEnv().ADMIN_EMAIL,
        replyTo: input.email,
        subject: `Contact Us: message from ${input.userName.slice(0, 80)}`,
        text: `${input.userName} <${input.email}> wrote through the Contact Us form:\n\n${input.description}\n\nReply to this email to answer them.`,
      },
      { tx },
    );
  });
  return { sent: true };
}
