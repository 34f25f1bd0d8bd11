import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '@larmor/contracts/catalog';
import {
  browseModulePath,
  catalogueToJoin,
  continueWhereLeftOff,
  dashboardPrograms,
  dueLabel,
  simulatorEntryPath,
  startBlockedReason,
} from './learning-paths.ts';
import { reorder } from './reorder.ts';

function item(
  title: string,
  over: { enrolled?: boolean; nextDueAt?: string | null; openedAt?: string } = {},
): CatalogItem {
  return {
    program: {
      id: `p-${title}`,
      title,
      summary: '',
      coverImageUrl: null,
      clientId: null,
      clientName: null,
      global: true,
      status: 'published',
      enrollment: 'open',
      freeCatalogue: false,
      courseCount: 1,
      moduleCount: 1,
      enrolledCount: 1,
      canEdit: false,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
    enrolled: over.enrolled ?? true,
    enrolledAt: null,
    canEnroll: false,
    enrollment: 'open',
    progress: {
      modulesTotal: 4,
      modulesCompleted: 1,
      percent: 25,
      lastLab:
        over.openedAt === undefined
          ? null
          : { id: `l-${title}`, courseId: `c-${title}`, title: `Lab of ${title}`, openedAt: over.openedAt },
      nextDueAt: over.nextDueAt ?? null,
    },
  };
}

describe('student pages', () => {
  it('offer a learner in no program the programs they may open: free catalogue first, then open enrolment, by title', () => {
    const free = (title: string): CatalogItem => {
      const base = item(title, { enrolled: false });
      return { ...base, canEnroll: true, program: { ...base.program, freeCatalogue: true } };
    };
    const open = (title: string): CatalogItem => ({ ...item(title, { enrolled: false }), canEnroll: true });
    const items = [
      item('Invited', { enrolled: false }),
      open('Open'),
      free('Free B'),
      item('Mine'),
      free('Free A'),
    ];
    expect(catalogueToJoin(items).map((i) => i.program.title)).toEqual([
      'Free A',
      'Free B',
      'Open',
      'Invited',
    ]);
    expect(catalogueToJoin([item('Mine')])).toEqual([]);
  });

  it('list enrolled programs on the dashboard, soonest due first, undated ones last by title', () => {
    const items = [
      item('Zeta'),
      item('Alpha'),
      item('Due later', { nextDueAt: '2026-12-20T00:00:00Z' }),
      item('Not enrolled', { enrolled: false, nextDueAt: '2026-12-01T00:00:00Z' }),
      item('Due soon', { nextDueAt: '2026-12-02T00:00:00Z' }),
    ];
    expect(dashboardPrograms(items).map((i) => i.program.title)).toEqual([
      'Due soon',
      'Due later',
      'Alpha',
      'Zeta',
    ]);
  });

  it('continue where you left off: the module opened last in an enrolled program', () => {
    const items = [
      item('Old', { openedAt: '2026-11-01T10:00:00Z' }),
      item('New', { openedAt: '2026-11-20T10:00:00Z' }),
      item('Left', { enrolled: false, openedAt: '2026-11-30T10:00:00Z' }),
    ];
    expect(continueWhereLeftOff(items)).toMatchObject({
      programId: 'p-New',
      courseId: 'c-New',
      labId: 'l-New',
    });
    expect(continueWhereLeftOff([item('Never')])).toBeUndefined();
  });

  it('say when a module is due or overdue, and why it cannot be started', () => {
    const now = Date.parse('2026-12-05T12:00:00Z');
    expect(dueLabel('2026-12-10T12:00:00Z', now)).toBe('Due 10 Dec 2026');
    expect(dueLabel('2026-12-01T12:00:00Z', now)).toBe('Overdue since 01 Dec 2026');
    expect(startBlockedReason({ availableFrom: '2026-12-06T12:00:00Z', attemptsLeft: 2 }, now)).toBe(
      'Available from 06 Dec 2026',
    );
    expect(startBlockedReason({ availableFrom: null, attemptsLeft: 0 }, now)).toBe('No attempts left');
    // The last attempt, in progress: scanning for it goes on.
    expect(startBlockedReason({ availableFrom: null, attemptsLeft: 0 }, now, true)).toBeUndefined();
    expect(
      startBlockedReason({ availableFrom: '2026-12-01T00:00:00Z', attemptsLeft: null }, now),
    ).toBeUndefined();
  });

  it('link the module page and the simulator tab of a module', () => {
    expect(browseModulePath('p', 'c', 'l')).toBe('/browse/p/c/modules/l');
    expect(simulatorEntryPath('p 1', 'l')).toBe('/session/-1/simulator?programId=p+1&labId=l');
  });
});

describe('reorder', () => {
  it('moves an item to the place of another, both ways, and ignores unknown ids', () => {
    expect(reorder(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(reorder(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });
});
