/**
 * The activation mail of a user an administrator created without a password. Its link opens the web app's
 * reset-password page, where the user chooses a password; spending the link activates the account
 * (auth/accounts.ts resetPassword). It lives as long as a self-registration activation link.
 */
import { ACTIVATION_TOKEN_TTL_S } from '@larmor/contracts';
import { enqueueMail } from '../../mail/outbox.ts';
import { invitationMail } from '../../mail/templates.ts';
import { createLinkToken } from '../auth/accounts.ts';
import type { Db } from './repository.ts';

/** Writes the link token and the mail to the outbox, inside the caller's transaction. */
export async function inviteUser(
  trx: Db,
  publicUrl: string,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const token = await createLinkToken(trx, user.id, 'password_reset', ACTIVATION_TOKEN_TTL_S);
  await enqueueMail(trx, user.email, invitationMail(publicUrl, user.firstName, token));
}
