/**
 * Mail goes through the outbox table (DESIGN.md §2): a message is written in the same transaction as the
 * change that causes it, admins can read it through the API, and when SMTP_URL is set `deliverPending`
 * sends what is unsent over SMTP (nodemailer) and records the outcome.
 *
 * Links carry live tokens (activation, password reset, invitation). The outbox keeps them only while the
 * message is unsent (without SMTP, the outbox is how an admin hands a link on): once sent, the stored text
 * has its tokens masked, and the API masks any sent message it reads (issue 8 item 6).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Transporter } from 'nodemailer';
import { toCount, type Db } from '../db/database.ts';
import type { Database, MailOutboxTable } from '../db/schema.ts';
import { isoNow, newId } from '../db/ids.ts';
import type { MailContent } from './templates.ts';

/** What a link token is replaced with once its message is sent. */
export const MASKED_TOKEN = '[sent]';

/** A link of the web app that carries a token in its last path segment (mail/templates.ts). */
const TOKEN_LINK = /\/(activate-account|reset-password)\/[A-Za-z0-9_-]+/g;

/** `text` with the token of every activation and reset link replaced by MASKED_TOKEN. */
export function maskLinkTokens(text: string): string {
  return text.replace(TOKEN_LINK, (_link, route: string) => `/${route}/${MASKED_TOKEN}`);
}

/** Writes a message to the outbox (inside the caller's transaction when given one). */
export async function enqueueMail(db: Db, to: string, mail: MailContent): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      kind: mail.kind,
      to_address: to,
      subject: mail.subject,
      body_text: mail.text,
      created_at: isoNow(),
      sent_at: null,
      error: null,
    })
    .execute();
}

/** One page of the outbox, newest first, and the number of messages in it. */
export async function outboxPage(
  db: Kysely<Database>,
  page: number,
  perPage: number,
): Promise<{ rows: Selectable<MailOutboxTable>[]; total: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const total = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return { rows, total: toCount(total?.n as string | number | undefined) };
}

/** Messages sent in one delivery round at most. */
const DELIVERY_BATCH = 50;

export interface MailDelivery {
  /** Sends every unsent message (no-op without SMTP_URL); never throws. Resolves to the number sent. */
  deliverPending(): Promise<number>;
  /** Waits for a delivery in progress and closes the SMTP connection. */
  close(): Promise<void>;
}

/**
 * Outbox delivery over SMTP when `smtpUrl` is set; rounds never overlap, a request during one runs after it.
 * A failed message keeps its error in the outbox; a failed round (database down) goes to `onError`.
 */
export function createMailDelivery(
  db: Kysely<Database>,
  smtpUrl: string | undefined,
  from: string,
  onError: (error: unknown) => void,
): MailDelivery {
  let transport: Transporter | undefined;
  let running: Promise<number> = Promise.resolve(0);

  async function deliverRound(): Promise<number> {
    if (!smtpUrl) return 0;
    // nodemailer (~80 ms to load) is loaded on the first round that has somewhere to send.
    transport ??= (await import('nodemailer')).default.createTransport(smtpUrl);
    const pending = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('error', 'is', null)
      .orderBy('created_at')
      .limit(DELIVERY_BATCH)
      .execute();
    let sent = 0;
    for (const message of pending) {
      try {
        await transport.sendMail({
          from,
          to: message.to_address,
          subject: message.subject,
          text: message.body_text,
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: isoNow(), body_text: maskLinkTokens(message.body_text) })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .updateTable('mail_outbox')
          .set({ error: reason.slice(0, 1000) })
          .where('id', '=', message.id)
          .execute();
      }
    }
    return sent;
  }

  return {
    deliverPending() {
      running = running.then(deliverRound).catch((error: unknown) => {
        onError(error);
        return 0;
      });
      return running;
    },
    async close() {
      await running;
      transport?.close();
    },
  };
}
