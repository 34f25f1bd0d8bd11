/**
 * Simulator sessions (issue 11): sessions opened for a module (lab), their configuration and tissue overrides,
 * pulse-sequence collections ("Scan N"), pulse sequences and their scans (an immutable snapshot each, with the
 * blob keys of its images and k-space). Portable column types only (text, integer); JSON values are text.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const now = 'text';

export const sessionsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('sim_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('backend', 'text', (c) => c.notNull())
      .addColumn('instance_id', 'text')
      .addColumn('free_plan', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('last_keepalive_at', now, (c) => c.notNull())
      .addColumn('closed_at', now)
      .addColumn('close_reason', 'text')
      .execute();
    await db.schema
      .createIndex('sim_sessions_user_open')
      .on('sim_sessions')
      .columns(['user_id', 'closed_at'])
      .execute();
    await db.schema
      .createIndex('sim_sessions_keepalive')
      .on('sim_sessions')
      .columns(['closed_at', 'last_keepalive_at'])
      .execute();

    await db.schema
      .createTable('sim_session_configuration')
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sim_session_configuration_pk', ['session_id', 'name'])
      .execute();

    await db.schema
      .createTable('sim_session_tissues')
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('tissue', 'text', (c) => c.notNull())
      .addColumn('t1_ms', 'double precision', (c) => c.notNull())
      .addColumn('t2_ms', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('sim_session_tissues_pk', ['session_id', 'tissue'])
      .execute();

    await db.schema
      .createTable('sim_collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sim_collections_session')
      .on('sim_collections')
      .column('session_id')
      .execute();

    await db.schema
      .createTable('sim_pulse_sequences')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('collection_id', 'text', (c) =>
        c.notNull().references('sim_collections.id').onDelete('cascade'),
      )
      .addColumn('scheme_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('seqnum', 'integer', (c) => c.notNull())
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('spatials', 'text', (c) => c.notNull())
      .addColumn('changed_since_scan', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sim_pulse_sequences_session')
      .on('sim_pulse_sequences')
      .columns(['session_id', 'seqnum'])
      .execute();

    await db.schema
      .createTable('sim_scans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sim_sessions.id').onDelete('cascade'))
      .addColumn('pulse_sequence_id', 'text', (c) =>
        c.notNull().references('sim_pulse_sequences.id').onDelete('cascade'),
      )
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('seed', 'double precision', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_message', 'text')
      .addColumn('result', 'text')
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('finished_at', now)
      .execute();
    await db.schema
      .createIndex('sim_scans_sequence')
      .on('sim_scans')
      .columns(['pulse_sequence_id', 'created_at'])
      .execute();
    await db.schema.createIndex('sim_scans_status').on('sim_scans').column('status').execute();
  },

  async down(db: AnyDb): Promise<void> {
    const tables = [
      'sim_scans',
      'sim_pulse_sequences',
      'sim_collections',
      'sim_session_tissues',
      'sim_session_configuration',
      'sim_sessions',
    ];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
};
