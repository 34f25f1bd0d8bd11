/**
 * Sending a released grade again to the learning platforms that failed it (LTI AGS, issue 27.4): a teacher who
 * fixed the cause in the platform (the student added to the course, the line item restored) puts the attempt's
 * failed scores back in line; lti/ags-delivery.ts sends them. Staff of the attempt's own organisation (whose
 * platforms they are) and platform admins only; 409 when nothing failed or the grade is not released.
 */
import type { LabAttempt } from '@larmor/contracts';
import type { Db } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';
import { conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import { retryFailedScores } from '../lti/ags.ts';
import { reviewsAttempt } from './organisation.ts';
import { RELEASED_STATES } from './presenter.ts';
import { findAttempt } from './repository.ts';
import { getAttempt } from './service.ts';

export async function retryGradeReturns(db: Db, scope: ContentScope, id: string): Promise<LabAttempt> {
  const attempt = await findAttempt(db, id);
  if (!attempt) throw notFound('Attempt');
  const ownOrganisation = isOrganisationStaff(scope) && attempt.client_id === scope.clientId;
  if (attempt.user_id === scope.userId || !(scope.platformAdmin || ownOrganisation)) throw forbidden();
  if (!(await reviewsAttempt(db, scope, attempt))) throw forbidden();
  if (!(RELEASED_STATES as readonly string[]).includes(attempt.state))
    throw conflict('The grade is not released');
  if ((await retryFailedScores(db, id, isoNow())) === 0)
    throw conflict('No grade return of this attempt has failed');
  return getAttempt(db, scope, id);
}
