/** The text of every mail the platform sends; links point at the web app's public routes (platform-shell.md §2). */
import type { MailKind } from '@larmor/contracts';

/**
 * `text` with every control character (Unicode Cc: C0, DEL, C1) replaced by a space, for names put into a mail:
 * the schemas refuse them (issue 8 item 9), and this keeps a name stored before that rule from writing lines
 * of its own into a message.
 */
export function oneLine(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ');
}

export interface MailContent {
  kind: MailKind;
  subject: string;
  text: string;
}

export function activationMail(publicUrl: string, firstName: string, token: string): MailContent {
  return {
    kind: 'activation',
    subject: 'Activate your Larmor account',
    text: [
      `Hello ${oneLine(firstName)},`,
      '',
      'Welcome to Larmor. Open this link to activate your account:',
      `${publicUrl}/activate-account/${token}`,
      '',
      'If you did not register, ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(publicUrl: string, firstName: string, token: string): MailContent {
  return {
    kind: 'password_reset',
    subject: 'Reset your Larmor password',
    text: [
      `Hello ${oneLine(firstName)},`,
      '',
      'Open this link within the hour to choose a new password:',
      `${publicUrl}/reset-password/${token}`,
      '',
      'If you did not ask for it, ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}

export function usernameReminderMail(publicUrl: string, firstName: string, username: string): MailContent {
  return {
    kind: 'username_reminder',
    subject: 'Your Larmor username',
    text: [
      `Hello ${oneLine(firstName)},`,
      '',
      `Your Larmor username is: ${oneLine(username)}`,
      '',
      `Sign in at ${publicUrl}/login`,
    ].join('\n'),
  };
}

/**
 * The activation mail of a user an administrator created without a password. Its link opens the web app's
 * reset-password page, where the user chooses a password (users/invitation.ts).
 */
export function invitationMail(publicUrl: string, firstName: string, token: string): MailContent {
  return {
    kind: 'activation',
    subject: 'Your Larmor account is ready',
    text: [
      `Hello ${oneLine(firstName)},`,
      '',
      'An administrator created a Larmor account for you. Open this link to choose your password and activate it:',
      `${publicUrl}/reset-password/${token}`,
      '',
      'The link works for 7 days. If you did not expect this message, ignore it.',
    ].join('\n'),
  };
}
