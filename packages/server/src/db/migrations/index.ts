import type { Migration } from 'kysely/migration';
import { accountsMigration } from './0001_accounts.ts';
import { authSessionsMigration } from './0002_auth_sessions.ts';
import { programsMigration } from './0003_programs.ts';
import { sessionsMigration } from './0004_sessions.ts';
import { attemptsMigration } from './0005_attempts.ts';
import { scanLeasesMigration } from './0006_scan_leases.ts';
import { labReferencesMigration } from './0007_lab_references.ts';
import { sessionActivityMigration } from './0008_session_activity.ts';
import { boundedListsMigration } from './0009_bounded_lists.ts';
import { attemptOrganisationsMigration } from './0010_attempt_organisations.ts';
import { labStartingProtocolsMigration } from './0011_lab_starting_protocols.ts';
import { scanSeriesNumbersMigration } from './0012_scan_series_numbers.ts';
import { publishOverridesMigration } from './0013_publish_overrides.ts';
import { labCompetenciesMigration } from './0014_lab_competencies.ts';
import { ltiPlatformsMigration } from './0016_lti_platforms.ts';
import { ltiLaunchesMigration } from './0017_lti_launches.ts';
import { ltiDeepLinksMigration } from './0018_lti_deep_links.ts';
import { ltiGradeReturnMigration } from './0019_lti_grade_return.ts';
import { ssoProvidersMigration } from './0021_sso_providers.ts';
import { ltiLineItemCreationMigration } from './0022_lti_line_item_creation.ts';
import { labReleaseAutomaticGradeMigration } from './0024_lab_release_automatic_grade.ts';

/**
 * Every migration, by name; names sort in the order they run. Add one line per new migration
 * (`'0002_programs': programsMigration`). Migrations are written once with Kysely's schema builder
 * and run unchanged on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accountsMigration,
  '0002_auth_sessions': authSessionsMigration,
  '0003_programs': programsMigration,
  '0004_sessions': sessionsMigration,
  '0005_attempts': attemptsMigration,
  '0006_scan_leases': scanLeasesMigration,
  '0007_lab_references': labReferencesMigration,
  '0008_session_activity': sessionActivityMigration,
  '0009_bounded_lists': boundedListsMigration,
  '0010_attempt_organisations': attemptOrganisationsMigration,
  '0011_lab_starting_protocols': labStartingProtocolsMigration,
  '0012_scan_series_numbers': scanSeriesNumbersMigration,
  '0013_publish_overrides': publishOverridesMigration,
  '0014_lab_competencies': labCompetenciesMigration,
  '0016_lti_platforms': ltiPlatformsMigration,
  '0017_lti_launches': ltiLaunchesMigration,
  '0018_lti_deep_links': ltiDeepLinksMigration,
  '0019_lti_grade_return': ltiGradeReturnMigration,
  '0021_sso_providers': ssoProvidersMigration,
  '0022_lti_line_item_creation': ltiLineItemCreationMigration,
  '0024_lab_release_automatic_grade': labReleaseAutomaticGradeMigration,
};
