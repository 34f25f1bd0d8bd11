import { describe, expect, it } from 'vitest';
import {
  activationMail,
  invitationMail,
  oneLine,
  passwordResetMail,
  usernameReminderMail,
} from './templates.ts';

describe('mail templates', () => {
  it('a name with CR/LF (stored before names refused control characters) stays on its greeting line', () => {
    const name = 'Ann\r\n\r\nYour account is locked: http://evil.test\u0000';
    for (const mail of [
      activationMail('http://larmor.test', name, 'token'),
      passwordResetMail('http://larmor.test', name, 'token'),
      invitationMail('http://larmor.test', name, 'token'),
      usernameReminderMail('http://larmor.test', name, 'user\r\nname'),
    ]) {
      const lines = mail.text.split('\n');
      expect(lines[0]).toMatch(/^Hello Ann {4}Your account is locked: http:\/\/evil\.test ,$/);
      expect(lines.filter((line) => line.includes('evil.test'))).toHaveLength(1);
      expect(mail.text).not.toContain('\r');
      expect(mail.text).not.toContain('\u0000');
    }
  });

  it('oneLine replaces C0, DEL and C1 controls and keeps other text', () => {
    expect(oneLine('a\tb\u007fc\u0085d é ü 中')).toBe('a b c d é ü 中');
  });
});
