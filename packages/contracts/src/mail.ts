import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/** The outbox admins read, under /api. */
export const MAIL_PATHS = { outbox: 'v1/mail/outbox' } as const;

/** Kinds of mail the platform writes to its outbox. */
export const MAIL_KINDS = ['activation', 'password_reset', 'username_reminder'] as const;
export const mailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof mailKindSchema>;

/** One message of the outbox, as admins read it (GET v1/mail/outbox). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: mailKindSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Query of GET v1/mail/outbox: newest first. */
export const outboxQuerySchema = pageQuerySchema;
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxResponseSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int().nonnegative(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
