/**
 * Handlers of the calls whose answer is more than what their command returns, written once: a create answers
 * 201 with what it made, a delete 204 with no body.
 *
 *   app.post(path, call(guard, { …, response: { 201: courseSchema } }),
 *     created(async (request) => createCourse(root.db, await scopeOf(request), request.body)));
 *
 * The reply keeps the route's type, so the compiler still checks what is sent against the 201 schema.
 */

/** The part of a route's typed reply that answers `status` with `body`. */
interface Answering<Status extends number, Body> {
  status: (statusCode: Status) => { send: (payload: Body) => unknown };
}

/** The handler of a call that creates: 201 with what `create` made. */
export function created<Request, Made, Reply extends Answering<201, Made>>(
  create: (request: Request) => Promise<Made>,
) {
  return async (request: Request, reply: Reply) => reply.status(201).send(await create(request));
}

/** The handler of a call that deletes: 204 with no body once `remove` is done. */
export function noContent<Request, Reply extends Answering<204, null>>(
  remove: (request: Request) => Promise<unknown>,
) {
  return async (request: Request, reply: Reply) => {
    await remove(request);
    return reply.status(204).send(null);
  };
}
