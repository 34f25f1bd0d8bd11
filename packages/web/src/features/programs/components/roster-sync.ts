/** A roster sync's outcome in words (LTI NRPS, issue 27.5). */
import type { LtiRosterSyncResult } from '@larmor/contracts/lti-nrps';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export function rosterSyncSummary(r: LtiRosterSyncResult): string {
  return [
    `${plural(r.members, 'member', 'members')} read from ${plural(r.links, 'platform link', 'platform links')}`,
    `${plural(r.created, 'new account', 'new accounts')}`,
    `${r.enrolled} newly enrolled`,
    `${r.skipped} left out (inactive, without a Larmor role, or deactivated)`,
  ].join('; ');
}
