/**
 * Handlers of the calls whose answer is more than what their command returns, written once: a create answers
 * 201 with what it made, a delete 204 with no body.
 *
 *   app.post(path, call(guard, { …, response: { 201: courseSchema } }),
 *     created(async (request) => createCourse(root.db, await scopeOf(request), request.body)));
 */
import type { FastifyReply } from 'fastify';

/** The handler of a call that creates: 201 with what `create` made. */
export function created<Request, Made>(create: (request: Request) => Promise<Made>) {
  return async (request: Request, reply: FastifyReply) => reply.status(201).send(await create(request));
}

/** The handler of a call that deletes: 204 with no body once `remove` is done. */
export function noContent<Request>(remove: (request: Request) => Promise<unknown>) {
  return async (request: Request, reply: FastifyReply) => {
    await remove(request);
    return reply.status(204).send(null);
  };
}
