/** The roster sync's outcome in words (issue 27.5). */
import { describe, expect, it } from 'vitest';
import { rosterSyncSummary } from './roster-sync.ts';

describe('rosterSyncSummary', () => {
  it('says what was read, made, enrolled and left out, with singular and plural', () => {
    expect(rosterSyncSummary({ links: 1, members: 6, created: 2, enrolled: 1, skipped: 3 })).toBe(
      '6 members read from 1 platform link; 2 new accounts; 1 newly enrolled; 3 left out (inactive, without a Larmor role, or deactivated)',
    );
    expect(rosterSyncSummary({ links: 2, members: 1, created: 1, enrolled: 0, skipped: 0 })).toMatch(
      /^1 member read from 2 platform links; 1 new account;/,
    );
  });
});
