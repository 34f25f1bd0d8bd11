/**
 * GET v1/mail/outbox: platform administrators read the outbox, newest first (DESIGN.md §2); the link tokens
 * of sent messages are masked.
 */
import { errorBodySchema, MAIL_PATHS, outboxQuerySchema, outboxResponseSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maskLinkTokens, outboxPage } from '../../mail/outbox.ts';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { requirePlatformAdmin } from '../organisations/access.ts';
import { noStore } from '../../plugins/security.ts';
import { routePath } from '../../plugins/route-path.ts';

export const mailRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);

  app.get(
    routePath(MAIL_PATHS.outbox),
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
      await requirePlatformAdmin(root.db, callerOf(request));
      const { rows, total } = await outboxPage(root.db, request.query.page, request.query.per_page);
      return {
        items: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          // Unsent: the link is how an admin hands it on; sent: its token is nobody's business.
          text: row.sent_at === null ? row.body_text : maskLinkTokens(row.body_text),
          createdAt: row.created_at,
          sentAt: row.sent_at,
          error: row.error,
        })),
        total,
      };
    },
  );
};
