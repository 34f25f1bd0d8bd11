/**
 * Learning content (issue 10): programs > courses > modules (labs), the organisations a global program is
 * assigned to, enrolments, the modules each user opened last, and program uploads. Portable column types
 * only (text, integer); JSON values are stored as text. See schema.ts for the conventions.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const now = 'text';

export const programsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('programs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('cover_upload_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('enrollment', 'text', (c) => c.notNull())
      .addColumn('free_catalogue', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('programs_client').on('programs').column('client_id').execute();

    await db.schema
      .createTable('program_assignments')
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('program_assignments_pk', ['program_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('program_assignments_client')
      .on('program_assignments')
      .column('client_id')
      .execute();

    await db.schema
      .createTable('courses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('courses_program').on('courses').column('program_id').execute();

    await db.schema
      .createTable('labs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('instructions', 'text', (c) => c.notNull())
      .addColumn('anatomical_model_id', 'integer', (c) => c.notNull())
      .addColumn('backend', 'text', (c) => c.notNull())
      .addColumn('sequence_types', 'text', (c) => c.notNull())
      .addColumn('presets', 'text', (c) => c.notNull())
      .addColumn('locked_presets', 'text', (c) => c.notNull())
      .addColumn('tissue_overrides', 'text', (c) => c.notNull())
      .addColumn('objectives', 'text', (c) => c.notNull())
      .addColumn('estimated_duration_min', 'integer')
      .addColumn('attempts_allowed', 'integer')
      .addColumn('available_from', now)
      .addColumn('due_at', now)
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('labs_course').on('labs').column('course_id').execute();

    await db.schema
      .createTable('enrollments')
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enrolled_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', now, (c) => c.notNull())
      .addPrimaryKeyConstraint('enrollments_pk', ['program_id', 'user_id'])
      .execute();
    await db.schema.createIndex('enrollments_user').on('enrollments').column('user_id').execute();

    await db.schema
      .createTable('lab_visits')
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('opened_at', now, (c) => c.notNull())
      .addPrimaryKeyConstraint('lab_visits_pk', ['lab_id', 'user_id'])
      .execute();
    await db.schema.createIndex('lab_visits_user').on('lab_visits').column('user_id').execute();

    await db.schema
      .createTable('uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id').onDelete('cascade'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uploads_program').on('uploads').column('program_id').execute();
  },

  async down(db: AnyDb): Promise<void> {
    const tables = [
      'uploads',
      'lab_visits',
      'enrollments',
      'labs',
      'courses',
      'program_assignments',
      'programs',
    ];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
};
