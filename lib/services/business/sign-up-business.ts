/**
 * Business sign-up (sendBusinessSignUpEmail): store the lead, email the team at ADMIN_EMAIL
 * and confirm to the business, all in one transaction. Limited per IP, since the form is
 * public and sends mail to the address typed.
 */
import "server-only";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { getDb } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { messages } from "@/lib/validations/messages";
import { businessSignups, rateLimits } from "@/models";
import type { BusinessSignUpValues } from "@/lib/validations/business";

/** Sign-ups allowed per IP per hour. */
export const BUSINESS_SIGNUPS_PER_HOUR = 10;

let limiter: { db: unknown; limiter: RateLimiterDrizzle } | undefined;
async function getLimiter(): Promise<RateLimiterDrizzle> {
  const db = await getDb();
  if (limiter?.db !== db) {
    limiter = {
      db,
      limiter: new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: "business_signup", points: BUSINESS_SIGNUPS_PER_HOUR, duration: 3600, clearExpiredByTimeout: false }),
    };
  }
  return limiter.limiter;
}

const interestText = { sponsoring: "sponsoring events", matching: "matching gifts", both: "sponsoring events and matching gifts" } as const;

/** The form's values (businessName, email, contactName, city, state, interest) and the sender's IP. */
export type SignUpBusinessOptions = BusinessSignUpValues & { ip: string };

/**
 * Record a business interested in sponsoring or matching gifts.
 * @param options the sign-up form's fields, and `ip`, the client IP the rate limit counts by.
 * @returns the stored sign-up's id and form fields.
 * @throws AppError(rate_limited) with Retry-After after BUSINESS_SIGNUPS_PER_HOUR from one IP.
 */
export async function signUpBusiness({ ip, ...values }: SignUpBusinessOptions): Promise<{ _id: string } & BusinessSignUpValues> {
  try {
    await (await getLimiter()).consume(ip, 1);
  } catch (res) {
    if (res instanceof Error) throw res;
    throw new AppError("rate_limited", messages.business.tooMany, undefined, Math.max(1, ((res as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000));
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessSignups)
      .values({ businessName: values.businessName, email: values.email, contactName: values.contactName, city: values.city, state: values.state, interest: values.interest })
      .returning({ id: businessSignups.id });
    const place = [values.city, values.state].filter(Boolean).join(", ") || "not given";
    await enqueueMail(
      {
        to: serverEnv().ADMIN_EMAIL,
        replyTo: values.email,
        subject: `New business sign-up: ${values.businessName}`,
        text: [
          `Business: ${values.businessName}`,
          `Contact: ${values.contactName} <${values.email}>`,
          `Location: ${place}`,
          `Interested in: ${interestText[values.interest]}`,
          "",
          `See all sign-ups in the admin console: ${baseUrl()}/admin`,
        ].join("\n"),
      },
      { tx },
    );
    await enqueueMail(
      {
        to: values.email,
        subject: "Thanks for your interest in Givebridge",
        text: [
          `Hi ${values.contactName},`,
          "",
          `Thank you for signing ${values.businessName} up to work with nonprofits on Givebridge.`,
          `We have noted your interest in ${interestText[values.interest]}; nonprofits${values.state ? ` in ${values.state}` : ""} can now see it, and our team will be in touch soon.`,
          "",
          "The Givebridge team",
        ].join("\n"),
      },
      { tx },
    );
    return { _id: row!.id, ...values };
  });
}
