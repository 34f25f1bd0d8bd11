import { emailSchema, newPasswordSchema, usernameSchema } from '@larmor/contracts';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/database.ts';
import { isoNow, newId } from '../../db/ids.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { insertUser } from '../../modules/users/repository.ts';
import { parseFlags, validateFlags, type CliCommand } from '../command.ts';
import { withMigratedDatabase } from '../database.ts';

const FLAGS = { username: 'string', email: 'string', password: 'string' } as const;
const flagsSchema = z.object({ username: usernameSchema, email: emailSchema, password: newPasswordSchema });

/**
 * `larmor create-admin --username U --email E --password P`: a platform admin, active at once, whose password
 * needs no change at first login.
 */
export const createAdminCommand: CliCommand = {
  name: 'create-admin',
  summary: 'create-admin --username U --email E --password P   create an active platform admin',
  async run(args) {
    const { username, ...given } = validateFlags(parseFlags(args, FLAGS).flags, flagsSchema);
    const email = given.email.toLowerCase();
    const password = given.password;
    const passwordHash = await hashPassword(password);
    return withMigratedDatabase(async ({ db }) => {
      const now = isoNow();
      try {
        await insertUser(db, {
          id: newId(),
          username,
          email,
          first_name: username,
          last_name: '',
          password_hash: passwordHash,
          role: 'Admin',
          status: 'active',
          terms_ack: 0,
          first_login: 0,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        console.error(`create-admin: username '${username}' or e-mail '${email}' is already taken`);
        return 1;
      }
      console.log(`create-admin: admin '${username}' created`);
      return 0;
    });
  },
};
