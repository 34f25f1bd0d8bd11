import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USER_LIST_DEFAULT_PAGE,
  USER_LIST_DEFAULT_PAGE_SIZE,
  USER_LIST_MAX_PAGE_SIZE,
} from './constants.ts';

/** The rule name (validation map) of text holding a control character. */
export const CONTROL_CHARACTER_RULE = 'control';

/** Whether UTF-16 code unit `code` is a C0 control (U+0000–U+001F, NUL included), DEL or a C1 control (U+0080–U+009F). */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** Line breaks and tab, the control characters multi-line text may hold. */
const LINE_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/** Whether `text` holds a control character, but those of `allowed`. */
function hasControl(text: string, allowed: ReadonlySet<number> = new Set()): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isControl(code) && !allowed.has(code)) return true;
  }
  return false;
}

/**
 * `text` with each control character (but tab, LF and CR when `multiLine`) replaced by U+FFFD, for text the
 * client did not type and must still send, such as an error's message in an error report.
 */
export function replaceControlCharacters(text: string, multiLine = false): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    out += isControl(code) && !(multiLine && LINE_CONTROLS.has(code)) ? '\uFFFD' : text.charAt(i);
  }
  return out;
}

/**
 * Single-line text: refuses every control character (issue 8 item 9). A CR/LF in a name would write
 * arbitrary lines into a mail, and PostgreSQL cannot store NUL. Every text field of a request starts here.
 */
export const textSchema = z.string().refine((text) => !hasControl(text), {
  message: 'Control characters are not allowed',
  params: { rule: CONTROL_CHARACTER_RULE },
});
/** Multi-line text (descriptions, instructions): tab, LF and CR allowed; every other control character refused. */
export const multiLineTextSchema = z.string().refine((text) => !hasControl(text, LINE_CONTROLS), {
  message: 'Control characters are not allowed',
  params: { rule: CONTROL_CHARACTER_RULE },
});

/** The rule name (validation map) of a username shaped like an e-mail address. */
export const EMAIL_SHAPED_USERNAME_RULE = 'not_email';

/**
 * Field schemas shared by several calls, so each rule is written once. A username never contains `@`, so it
 * can never equal an e-mail address: sign-in accepts either, and a stranger's username must not shadow
 * someone's address (issue 8 item 3).
 */
export const usernameSchema = textSchema
  .trim()
  .min(3)
  .max(USERNAME_MAX_LENGTH)
  .refine((name) => !name.includes('@'), {
    message: 'A username cannot contain @ (sign-in would take it for an e-mail address)',
    params: { rule: EMAIL_SHAPED_USERNAME_RULE },
  })
  .regex(/^[A-Za-z0-9._-]+$/);
export const emailSchema = textSchema.trim().max(EMAIL_MAX_LENGTH).pipe(z.email());
/** The rule name (validation map) of a new password that is one of the most common ones. */
export const COMMON_PASSWORD_RULE = 'common';

/**
 * A new password's length rules. The full rule, which also refuses the most common passwords, is
 * `newPasswordSchema` in new-passwords.ts: kept apart so the first page does not load the list.
 */
export const newPasswordLengthSchema = textSchema.min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** A password as typed at sign-in: any non-empty string up to the maximum length. */
export const passwordSchema = textSchema.min(1).max(PASSWORD_MAX_LENGTH);
export const personNameSchema = textSchema.trim().min(1).max(NAME_MAX_LENGTH);
/** An opaque token (refresh, activation, reset). */
export const opaqueTokenSchema = textSchema.min(1).max(TOKEN_MAX_LENGTH);
/** Ids are UUID strings. */
export const idSchema = z.uuid();
/** An ISO 8601 timestamp in UTC. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** The answer of calls that only acknowledge. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Paging of a list query (query string, coerced): `page` from 1, `per_page` up to USER_LIST_MAX_PAGE_SIZE. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(USER_LIST_DEFAULT_PAGE),
  per_page: z.coerce.number().int().min(1).max(USER_LIST_MAX_PAGE_SIZE).default(USER_LIST_DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a paged list of `item`: its items, how many the whole list holds, and the page asked for. */
export function pageOfSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
  });
}

/**
 * A list of ids (request bodies naming users, groups, courses…) of at least `min` and at most `max`, each at
 * most once: a repeated one is refused with `${what} appears twice` (rule `unique`).
 */
export function uniqueIdsSchema(what: string, { min = 0, max }: { min?: number; max: number }) {
  const ids = min > 0 ? z.array(idSchema).min(min) : z.array(idSchema);
  return ids.max(max).refine((list) => new Set(list).size === list.length, {
    message: `${what} appears twice`,
    params: { rule: 'unique' },
  });
}

/** A PATCH body of `create`: any of its fields, at least one ('Nothing to change' otherwise). */
export function patchOfSchema<T extends z.ZodRawShape>(create: z.ZodObject<T>) {
  return create.partial().refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
}
