import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './constants.ts';

/** Field schemas shared by several calls, so each rule is written once. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(USERNAME_MAX_LENGTH)
  .regex(/^[A-Za-z0-9._@-]+$/);
export const emailSchema = z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email());
/** A new password: length only; the server hashes it with argon2id. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** A password as typed at sign-in: any non-empty string up to the maximum length. */
export const passwordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);
export const personNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** An opaque token (refresh, activation, reset). */
export const opaqueTokenSchema = z.string().min(1).max(TOKEN_MAX_LENGTH);
/** Ids are UUID strings. */
export const idSchema = z.uuid();
/** An ISO 8601 timestamp in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** The answer of calls that only acknowledge. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
