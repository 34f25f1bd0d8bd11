/**
 * Error reports (contracts error-reports.ts): what went wrong that the user may not see, sent to the server,
 * which attaches the signed-in user's id and logs it for the operators. Fire and forget: a report that cannot be
 * sent is dropped (there is nobody to tell), never thrown at the page that reported it.
 */
import { replaceControlCharacters } from '@larmor/contracts/common';
import { ERROR_REPORT_PATHS, type ErrorReport } from '@larmor/contracts/error-reports';
import { api } from '#lib/api.ts';

/** Sends `report`; control characters (which the server refuses in every text field) are replaced first. */
export function reportError(report: Omit<ErrorReport, 'page'>): void {
  const page = typeof window === 'undefined' ? '' : window.location.pathname;
  const body: ErrorReport = {
    ...report,
    name: replaceControlCharacters(report.name),
    message: replaceControlCharacters(report.message, true),
    ...(report.details === undefined ? {} : { details: replaceControlCharacters(report.details, true) }),
    page: replaceControlCharacters(page),
  };
  api.request(ERROR_REPORT_PATHS.reports, { method: 'POST', body }).catch(() => undefined);
}
