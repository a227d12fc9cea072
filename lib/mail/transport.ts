/**
 * Delivering one email: through the SMTP server of SMTP_URL when it is set, otherwise as an
 * .eml file in DATA_DIR/outbox (a local outbox that the development mailbox page lists).
 * Both go through nodemailer, so the message on disk is exactly what SMTP would carry.
 */
import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { serverEnv } from "@/lib/env";

/** An email to send. `text` is required; `html` optional. Attachments are base64 so jobs stay JSON. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * The sender's display name when a message is sent in an organization's name ("Hope Shelter
   * via Givebridge"); the address stays MAIL_FROM's, the platform's own sending domain (an
   * organization's domain would fail SPF/DMARC, RFC 7489). Default: MAIL_FROM as it is.
   */
  fromName?: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
};

/** MAIL_FROM's address with display name `name` (nodemailer quotes and encodes the name). */
function senderAs(name: string, mailFrom: string): { name: string; address: string } {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  return { name, address: parsed?.address ?? mailFrom };
}

let smtp: { url: string; transporter: Transporter } | undefined;
/** The transport that writes a message's bytes for the local outbox (it holds no connection). */
let outbox: Transporter | undefined;

/** Folder of the local outbox. */
export function outboxDir(): string {
  return path.resolve(serverEnv().DATA_DIR, "outbox");
}

/** SMTP connections kept open per process; the queue delivers a batch over them at once. */
export const SMTP_POOL_CONNECTIONS = 5;

/**
 * SMTP_URL with nodemailer's pool turned on (unless the URL sets `pool` itself): a few
 * connections reused for many messages instead of a new connection, greeting and TLS
 * handshake per message. Pool options travel as query parameters of the URL.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", String(SMTP_POOL_CONNECTIONS));
  return url.toString();
}

/** Close the pooled SMTP connections (tests, shutdown). */
export function closeSmtpPool(): void {
  smtp?.transporter.close();
  smtp = undefined;
}

/**
 * The Message-ID (RFC 5322 section 3.6.4) of the message with key `key`, on MAIL_FROM's domain:
 * `<key@domain>`. The same key gives the same id, so every copy of one message carries it.
 */
export function messageIdOf(key: string, mailFrom = serverEnv().MAIL_FROM): string {
  const [parsed] = addressparser(mailFrom, { flatten: true });
  const domain = parsed?.address?.split("@")[1] || "givebridge.invalid";
  return `<${key}@${domain}>`;
}

/**
 * Send one message now. `key`: a stable identity of the message (the mail queue passes its job
 * id), which becomes its Message-ID (messageIdOf); without it nodemailer makes a random one.
 * A queued message whose sender was killed after the SMTP server accepted it and before the
 * job was marked done is sent again by another worker (at-least-once: SMTP gives no way to
 * learn whether an answer was lost), and the copy has the same Message-ID, by which mail
 * clients and mailbox providers recognise it as the same message.
 * @returns where it went: { via: "smtp", messageId } or { via: "outbox", file }.
 * @throws the transport's error (the queue retries it).
 */
export async function deliverMail(message: MailMessage, options: { key?: string } = {}): Promise<{ via: "smtp" | "outbox"; messageId?: string; file?: string }> {
  const env = serverEnv();
  const mail = {
    ...(options.key ? { messageId: messageIdOf(options.key, env.MAIL_FROM) } : {}),
    from: message.fromName ? senderAs(message.fromName, env.MAIL_FROM) : env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    // Our text and HTML are mostly ASCII: quoted-printable, as nodemailer would pick, without
    // its scan of every body (two regular expressions over the whole text per part).
    textEncoding: "quoted-printable" as const,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64") })),
  };
  if (env.SMTP_URL) {
    if (!smtp || smtp.url !== env.SMTP_URL) {
      smtp?.transporter.close();
      smtp = { url: env.SMTP_URL, transporter: nodemailer.createTransport(pooledSmtpUrl(env.SMTP_URL)) };
    }
    const info = await smtp.transporter.sendMail(mail);
    return { via: "smtp", messageId: info.messageId };
  }
  outbox ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await outbox.sendMail(mail);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, 80);
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  return { via: "outbox", file, messageId: info.messageId };
}

export type OutboxEntry = { file: string; to: string; subject: string; date: Date; size: number };

/** The newest `limit` messages of the local outbox (headers only). */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  names.sort().reverse();
  const entries: OutboxEntry[] = [];
  for (const name of names.slice(0, limit)) {
    const full = path.join(dir, name);
    const [raw, stat] = await Promise.all([fs.readFile(full, "utf8"), fs.stat(full)]);
    const header = raw.split(/\n\n/, 1)[0] ?? "";
    const field = (n: string) => header.match(new RegExp(`^${n}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
    entries.push({ file: name, to: field("To"), subject: field("Subject"), date: stat.mtime, size: stat.size });
  }
  return entries;
}
