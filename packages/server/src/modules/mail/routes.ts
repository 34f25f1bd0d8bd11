/** GET v1/mail/outbox: admins read the outbox, newest first (DESIGN.md §2). */
import { errorBodySchema, outboxQuerySchema, outboxResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCount } from '../../db/database.ts';
import { requireRole } from '../../plugins/auth.ts';

export const mailRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/mail/outbox',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['mail'],
        security: [{ bearer: [] }],
        querystring: outboxQuerySchema,
        response: {
          200: outboxResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const rows = await root.db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const total = await root.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          createdAt: row.created_at,
          sentAt: row.sent_at,
          error: row.error,
        })),
        total: toCount(total?.n as string | number | undefined),
      };
    },
  );
};
