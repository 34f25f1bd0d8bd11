/**
 * Route options of signed-in calls, written once: a call names its guard and its own schema (summary, what it
 * reads, what it answers), and gets what the calls of its module share: OpenAPI tags, bearer security and the
 * error answers (most modules: ADMIN_CALL_ERRORS).
 *
 *   const call = signedInCalls(['students'], ADMIN_CALL_ERRORS);
 *   app.get(
 *     routePath(STUDENT_PATHS.user),
 *     call(authenticate, { summary: 'One student', params, response: { 200: studentDetailSchema } }),
 *     async (request) => …,
 *   );
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';

/** Answer bodies by status code. */
export type Answers = Readonly<Record<number, ZodType>>;

/** What a call declares of its own. */
export interface CallSchema {
  summary: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response: Answers;
}

/** The guard that runs before the handler: `authenticate`, a role check, or several in order. */
type Guard = preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];

/** The OpenAPI security of a call that takes a bearer token. */
export const BEARER_SECURITY = [{ bearer: [] }];

/** `call(guard, schema)`: the options of a signed-in call of a module with these tags and error answers. */
export function signedInCalls<const E extends Answers>(tags: readonly string[], errors: E) {
  return <const S extends CallSchema>(guard: Guard, schema: S) => ({
    preHandler: guard,
    schema: { ...schema, tags, security: BEARER_SECURITY, response: { ...errors, ...schema.response } },
  });
}
