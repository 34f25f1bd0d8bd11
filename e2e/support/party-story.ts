/**
 * What the stories with an outside https party (an LTI platform, an OpenID Connect provider) share: a Larmor
 * server of their own that trusts the party's certificate, with a platform admin past the terms; and, for the LTI
 * stories, a school that registered the platform with a teacher's published module in it, and the claims of a
 * resource-link launch into that module.
 */
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { acceptTerms, callAs, createClient, type Credentials } from './api.ts';
import { LTI_CLAIM, LTI_ROLES, type LtiPlatform } from './lti-platform.ts';
import { larmor, startServer, type RunningServer } from './server.ts';
import { organisationMember } from './story.ts';

/** A Larmor server that trusts `certPath` (NODE_EXTRA_CA_CERTS), its platform admin `admin` created, terms accepted. */
export async function serverTrusting(
  certPath: string,
  admin: Credentials,
  email: string,
): Promise<RunningServer> {
  const server = await startServer({ NODE_EXTRA_CA_CERTS: certPath });
  larmor(
    ['create-admin', '--username', admin.username, '--email', email, '--password', admin.password],
    server.env,
  );
  await acceptTerms(server.url, admin);
  return server;
}

export interface LtiSchool {
  clientId: string;
  teacher: Credentials;
  programId: string;
  courseId: string;
  moduleId: string;
}

/**
 * A school (organisation) named `names.school` that registered `platform` as "Story LMS", its teacher, and the teacher's published
 * program `programTitle` with one course `courseTitle` holding module `module` (its create body).
 */
export async function ltiSchool(
  baseUrl: string,
  admin: Credentials,
  platform: LtiPlatform,
  names: { school: string; programTitle: string; courseTitle: string },
  module: Record<string, unknown>,
): Promise<LtiSchool> {
  const clientId = await createClient(baseUrl, admin, names.school);
  await callAs(
    baseUrl,
    admin,
    'POST',
    `v1/clients/${clientId}/lti/platforms`,
    platform.registration('Story LMS'),
  );
  const teacher = await organisationMember(baseUrl, admin, clientId, 'Teacher');
  const { id: programId } = await callAs<{ id: string }>(baseUrl, teacher, 'POST', 'v1/programs', {
    title: names.programTitle,
  });
  const { id: courseId } = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/programs/${programId}/courses`,
    { title: names.courseTitle },
  );
  const { id: moduleId } = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/courses/${courseId}/modules`,
    module,
  );
  await callAs(baseUrl, teacher, 'POST', `v1/programs/${programId}/publish`, {});
  return { clientId, teacher, programId, courseId, moduleId };
}

/** The claims of a learner's resource-link launch (deployment d1) into `moduleId` at Larmor's `launchUri`. */
export function learnerLaunch(
  learner: { sub: string; givenName: string; familyName: string },
  link: { id: string; title: string; moduleId: string; launchUri: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    sub: learner.sub,
    given_name: learner.givenName,
    family_name: learner.familyName,
    [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
    [`${LTI_CLAIM}version`]: '1.3.0',
    [`${LTI_CLAIM}deployment_id`]: 'd1',
    [`${LTI_CLAIM}roles`]: [LTI_ROLES.learner],
    [`${LTI_CLAIM}target_link_uri`]: link.launchUri,
    [`${LTI_CLAIM}resource_link`]: { id: link.id, title: link.title },
    [`${LTI_CLAIM}custom`]: { module_id: link.moduleId },
    ...extra,
  };
}

/**
 * Ends what a party story started, each piece only if it did start (its beforeAll may have failed part-way): the
 * browser, the Larmor server, then the outside party; last it removes the story's folder `dir`.
 */
export async function endPartyStory(
  dir: string,
  started: { browser?: Browser; server?: RunningServer; party?: { close(): Promise<void> } },
): Promise<void> {
  await started.browser?.close();
  await started.server?.stop();
  await started.party?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
