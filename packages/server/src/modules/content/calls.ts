/** What the learning-content calls share: their OpenAPI tag, error answers and the staff guard of their writes. */
import { errorBodySchema } from '@larmor/contracts';
import { requireRole } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';

/** Learning content (programs, courses, modules, enrolments, catalog) is one OpenAPI tag. */
const CONTENT_TAGS = ['programs'];
/** Options of a learning-content call. */
export const contentCall = signedInCalls(CONTENT_TAGS, ADMIN_CALL_ERRORS);
/** Options of a content read any signed-in user makes, that answers nothing but its result or 401. */
export const contentReadCall = signedInCalls(CONTENT_TAGS, { 401: errorBodySchema });
/** Writes of learning content need the Teacher or Admin role (students answer 403). */
export const contentStaff = requireRole('Teacher', 'Admin');
