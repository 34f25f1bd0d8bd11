/**
 * Issue 27.4, line items for links launched without one: a platform that grants the line item scope and names
 * the link's line items container but no line item (a link added by hand rather than by deep linking) gets one
 * created by Larmor. Each link holds when its creation is due, its tries and the last failure, so the creation is
 * retried with backoff across restarts like a score is.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ltiLineItemCreationMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('lti_links').addColumn('line_item_next_try_at', 'text').execute();
    await db.schema
      .alterTable('lti_links')
      .addColumn('line_item_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('lti_links').addColumn('line_item_error', 'text').execute();
    await db.schema
      .createIndex('lti_links_line_item_due')
      .on('lti_links')
      .column('line_item_next_try_at')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('lti_links_line_item_due').execute();
    await db.schema.alterTable('lti_links').dropColumn('line_item_error').execute();
    await db.schema.alterTable('lti_links').dropColumn('line_item_tries').execute();
    await db.schema.alterTable('lti_links').dropColumn('line_item_next_try_at').execute();
  },
};
