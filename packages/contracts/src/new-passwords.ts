/**
 * The calls that set a password (registration, reset, change; an administrator's is in users.ts) and their
 * rule, which refuses the most common passwords (common-passwords.ts, about 20 kB gzipped). They live apart
 * from auth.ts and me.ts, which the first page loads, so that only the pages that set a password load the list
 * (issue 15: the first page's JavaScript); the server checks every one of them with these schemas.
 */
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import {
  COMMON_PASSWORD_RULE,
  emailSchema,
  newPasswordLengthSchema,
  opaqueTokenSchema,
  passwordSchema,
  personNameSchema,
  usernameSchema,
} from './common.ts';

/**
 * A new password (registration, change, reset, one an administrator sets): its length, and not one of the
 * most common passwords (common-passwords.ts). The server hashes it with argon2id.
 */
export const newPasswordSchema = newPasswordLengthSchema.refine((password) => !isCommonPassword(password), {
  message: 'This password is one of the most common ones; choose a less guessable one',
  params: { rule: COMMON_PASSWORD_RULE },
});

/** POST /v2/users/register. */
export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST reset-password with the token from the reset mail. */
export const resetPasswordRequestSchema = z.object({
  token: opaqueTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST me/change-password. */
export const changePasswordRequestSchema = z
  .object({ oldPassword: passwordSchema, newPassword: newPasswordSchema })
  .refine((body) => body.oldPassword !== body.newPassword, {
    path: ['newPassword'],
    message: 'New password has to be different from the old password',
    params: { rule: 'different' },
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
