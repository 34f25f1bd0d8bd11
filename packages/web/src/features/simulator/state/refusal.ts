/**
 * What the panel shows of a failed save or run (issue 20.6): a 400's validation map names the refused parameters
 * (`parameters.sliceCount`), and each one the panel shows gets the server's message at its field; what names no
 * such field (a lock, SAR, a conflict, a failed request) becomes the notice beside Run. Nothing goes uncaught.
 */
import { ApiError } from '#lib/api-error.ts';
import type { Refusal } from './protocol-editor.ts';

/** A stored parameter in a validation map: `parameters.{key}` (limit entries such as `.max` are not fields). */
const PARAMETER_FIELD = /^parameters\.([A-Za-z]+)$/;
/** The limit that satisfies a range rule (`parameters.echoTime.min`), beside its field's own entry. */
const LIMIT_ENTRY = /\.(min|max)$/;

/** The error's message, for any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** How a refused PATCH of the protocol reads in the panel, given the parameter keys it shows. */
export function refusalOf(error: unknown, shown: ReadonlySet<string>): Refusal {
  const message = messageOf(error);
  const fields: Partial<Record<string, string>> = {};
  const validation = error instanceof ApiError ? error.validation : undefined;
  let unplaced = validation === undefined;
  for (const name of Object.keys(validation ?? {})) {
    const key = PARAMETER_FIELD.exec(name)?.[1];
    if (key !== undefined && shown.has(key)) fields[key] = message;
    else if (!LIMIT_ENTRY.test(name)) unplaced = true;
  }
  return { fields, notice: unplaced ? `Not saved: ${message}` : undefined };
}
