import { enrollmentCandidateListSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { addMembership, createUser, UNKNOWN_ID } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { call, createContentWorld, publishedProgram } from '../content/programs/world.test-support.ts';

describe.each(databases)(
  'enrolment candidates (GET v1/programs/{programId}/enrollment-candidates) on %s',
  (kind) => {
    const t = useTestApp(kind);

    it("a teacher finds their organisation's users by name, paged, with who is enrolled; never another organisation's", async () => {
      const world = await createContentWorld(t.db);
      const { programId } = await publishedProgram(t.app, world.a.teacherHeaders);
      for (const name of ['alpha-ann', 'alpha-anna', 'alpha-bob']) {
        const user = await createUser(t.db, { username: name });
        await addMembership(t.db, user.id, world.a.clientId, 'Student');
      }
      // A user of the other organisation whose name matches the search too.
      const stranger = await createUser(t.db, { username: 'beta-ann' });
      await addMembership(t.db, stranger.id, world.b.clientId, 'Student');
      await call(t.app, 'POST', `v1/programs/${programId}/enrollments`, world.a.teacherHeaders, {
        userIds: [world.a.student.id],
      });
      const url = `v1/programs/${programId}/enrollment-candidates`;

      const all = enrollmentCandidateListSchema.parse(
        (await call(t.app, 'GET', `${url}?per_page=100`, world.a.teacherHeaders)).body,
      );
      expect(all.items.map((c) => c.username)).toEqual([
        'alpha-admin',
        'alpha-ann',
        'alpha-anna',
        'alpha-bob',
        'alpha-student',
        'alpha-teacher',
      ]);
      expect(all.total).toBe(6);
      expect(all.items.filter((c) => c.enrolled).map((c) => c.userId)).toEqual([world.a.student.id]);

      const found = enrollmentCandidateListSchema.parse(
        (await call(t.app, 'GET', `${url}?search=ANN&per_page=1&page=2`, world.a.teacherHeaders)).body,
      );
      expect(found).toMatchObject({ total: 2, page: 2, per_page: 1, items: [{ username: 'alpha-anna' }] });

      // LIKE wildcards in the search are literal: '%' matches no name.
      const wildcard = enrollmentCandidateListSchema.parse(
        (await call(t.app, 'GET', `${url}?search=${encodeURIComponent('%')}`, world.a.teacherHeaders)).body,
      );
      expect(wildcard.total).toBe(0);

      const seenByB = await call(t.app, 'GET', `${url}?search=ann`, world.b.teacherHeaders);
      expect(seenByB.status).toBe(403);
    });

    it("a global program's candidates for an assigned organisation's teacher are that organisation's users only", async () => {
      const world = await createContentWorld(t.db);
      const g = await publishedProgram(t.app, world.platformHeaders, {
        global: true,
        assignedClientIds: [world.a.clientId, world.b.clientId],
      });
      const url = `v1/programs/${g.programId}/enrollment-candidates?per_page=100`;
      const seenByA = enrollmentCandidateListSchema.parse(
        (await call(t.app, 'GET', url, world.a.teacherHeaders)).body,
      );
      expect(seenByA.items.map((c) => c.username).sort()).toEqual([
        'alpha-admin',
        'alpha-student',
        'alpha-teacher',
      ]);
      const seenByB = enrollmentCandidateListSchema.parse(
        (await call(t.app, 'GET', url, world.b.adminHeaders)).body,
      );
      expect(seenByB.items.map((c) => c.username).sort()).toEqual([
        'beta-admin',
        'beta-student',
        'beta-teacher',
      ]);
    });

    it('students, unknown programs and bad queries are refused (403, 404, 400), and nothing is written', async () => {
      const world = await createContentWorld(t.db);
      const { programId } = await publishedProgram(t.app, world.a.teacherHeaders, { enrollment: 'open' });
      const url = `v1/programs/${programId}/enrollment-candidates`;
      const before = await rowCounts(t.db);
      expect((await call(t.app, 'GET', url, world.a.studentHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', url, world.freeHeaders)).status).toBe(403);
      expect(
        (await call(t.app, 'GET', `v1/programs/${UNKNOWN_ID}/enrollment-candidates`, world.a.teacherHeaders))
          .status,
      ).toBe(404);
      expect((await call(t.app, 'GET', `${url}?per_page=0`, world.a.teacherHeaders)).status).toBe(400);
      expect(
        (await call(t.app, 'GET', `${url}?search=${'x'.repeat(101)}`, world.a.teacherHeaders)).status,
      ).toBe(400);
      expect(
        (await call(t.app, 'GET', 'v1/programs/nope/enrollment-candidates', world.a.teacherHeaders)).status,
      ).toBe(400);
      expect(await rowCounts(t.db)).toEqual(before);
    });
  },
);
