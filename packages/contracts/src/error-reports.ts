/**
 * Error reports the web app sends when something goes wrong that the user may not see (platform-shell.md §3:
 * "The signed-in user id is attached to error reports"; simulator.md §4: an error is reported at 12 or more WebGL
 * contexts). The server attaches the caller's user id and writes the report to its log for the operators.
 */
import { z } from 'zod';
import { multiLineTextSchema, textSchema } from './common.ts';

export const ERROR_REPORTS_PATH = 'v1/error-reports';
/** The error-report call, under /api (`ERROR_REPORTS_PATH` as a table like the other domains'). */
export const ERROR_REPORT_PATHS = { reports: ERROR_REPORTS_PATH } as const;

/** Longest message and details a report keeps [characters]. */
export const ERROR_REPORT_MESSAGE_MAX = 2_000;
export const ERROR_REPORT_DETAILS_MAX = 20_000;

export const errorReportSchema = z.object({
  /** What kind of error, e.g. "WebGLContextLimit" or an Error's name. */
  name: textSchema.min(1).max(200),
  message: multiLineTextSchema.max(ERROR_REPORT_MESSAGE_MAX),
  /** A stack, a component stack or other detail. */
  details: multiLineTextSchema.max(ERROR_REPORT_DETAILS_MAX).optional(),
  /** The app's path when it happened (no origin). */
  page: textSchema.max(2_000),
  /** A few facts about the situation (e.g. the number of WebGL contexts). */
  context: z
    .record(textSchema.max(100), z.union([textSchema.max(500), z.number(), z.boolean()]))
    .refine((c) => Object.keys(c).length <= 20, { message: 'At most 20 facts' })
    .optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
