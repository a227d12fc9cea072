/** POST /api/subscribe (newsletter) and POST /api/sendFeedback (Contact Us). */
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { enqueueMail } from "@/lib/mail/queue";
import { feedback, newsletterSubscriptions, users } from "@/models";

/** Subscribe an email to the newsletter. Idempotent: subscribing twice keeps one row. */
export async function subscribeNewsletter(email: string): Promise<{ subscribed: true }> {
  const db = await getDb();
  const inserted = await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing().returning({ email: newsletterSubscriptions.email });
  await db.update(users).set({ newsletter: true }).where(sql`${users.email} = ${email}`);
  if (inserted.length) {
    await enqueueMail({ to: email, subject: "You're subscribed to Givebridge news", text: "Thank you for subscribing to the Givebridge newsletter. You can unsubscribe at any time by replying to this email." });
  }
  return { subscribed: true };
}

/** Store a Contact Us message (userName, email, description). */
export async function sendFeedback(input: { userName: string; email: string; description: string }): Promise<{ sent: true }> {
  const db = await getDb();
  await db.insert(feedback).values(input);
  return { sent: true };
}
