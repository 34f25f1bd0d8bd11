/**
 * The activation mail of a user an administrator created without a password. Its link opens the web app's
 * reset-password page, where the user chooses a password; spending the link activates the account
 * (auth/accounts.ts resetPassword). It lives as long as a self-registration activation link.
 */
import { ACTIVATION_TOKEN_TTL_S } from '@larmor/contracts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { MailContent } from '../../mail/templates.ts';
import { hashOpaqueToken, isoNow, newOpaqueToken } from '../auth/opaque-tokens.ts';
import { insertLinkToken } from '../auth/repository.ts';
import type { Db } from './repository.ts';

export function invitationMail(publicUrl: string, firstName: string, token: string): MailContent {
  return {
    kind: 'activation',
    subject: 'Your Larmor account is ready',
    text: [
      `Hello ${firstName},`,
      '',
      'An administrator created a Larmor account for you. Open this link to choose your password and activate it:',
      `${publicUrl}/reset-password/${token}`,
      '',
      'The link works for 7 days. If you did not expect this message, ignore it.',
    ].join('\n'),
  };
}

/** Writes the link token and the mail to the outbox, inside the caller's transaction. */
export async function inviteUser(
  trx: Db,
  publicUrl: string,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const token = newOpaqueToken();
  await insertLinkToken(
    trx,
    user.id,
    'password_reset',
    hashOpaqueToken(token),
    isoNow(ACTIVATION_TOKEN_TTL_S),
  );
  await enqueueMail(trx, user.email, invitationMail(publicUrl, user.firstName, token));
}
