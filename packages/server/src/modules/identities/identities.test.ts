import { identitiesResponseSchema, tokenPairSchema } from '@larmor/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  addIndividualAccess,
  addMembership,
  bearer,
  createClient,
  createUser,
  tokenFor,
} from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';
import { postRefresh } from '../../test/sign-in.ts';

describe.each(databases)('identities on %s', (kind) => {
  const t = useTestApp(kind);

  async function member() {
    const user = await createUser(t.db, { role: 'Teacher' });
    const clinic = await createClient(t.db, 'Clinic', 'paid');
    const school = await createClient(t.db, 'School', 'trial');
    const inClinic = await addMembership(t.db, user.id, clinic, 'Teacher');
    const inSchool = await addMembership(t.db, user.id, school, 'Student');
    const other = await createUser(t.db);
    await addMembership(t.db, other.id, clinic, 'Student');
    const individual = await addIndividualAccess(t.db, user.id, 'free');
    return { user, inClinic, inSchool, individual };
  }

  /** Switches to identity `id` with `headers`; answers the response as it came. */
  const switchTo = (id: string, headers: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/v2/me/identities/${id}/switch`, headers });

  it('lists organisation identities with member counts and marks the active one; hides individual access from non-admins', async () => {
    const { user, inClinic, inSchool } = await member();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/me/identities',
      headers: bearer(await tokenFor(user, 3600, inClinic)),
    });
    expect(res.statusCode).toBe(200);
    expect(identitiesResponseSchema.parse(res.json())).toEqual([
      {
        id: inClinic,
        clientName: 'Clinic',
        isActive: true,
        isIndividualAccess: false,
        licenseType: 'ORG',
        clientUserCount: 2,
      },
      {
        id: inSchool,
        clientName: 'School',
        isActive: false,
        isIndividualAccess: false,
        licenseType: 'ORG',
        clientUserCount: 1,
      },
    ]);
  });

  it('admins also see individual-access identities', async () => {
    const { user, individual } = await member();
    await t.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', user.id).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/me/identities',
      headers: bearer(await tokenFor({ id: user.id, role: 'Admin' })),
    });
    const identities = identitiesResponseSchema.parse(res.json());
    expect(identities.find((i) => i.id === individual)).toMatchObject({
      isIndividualAccess: true,
      licenseType: 'FREE',
    });
  });

  it('switch answers new tokens acting as that identity, with its role in the scope', async () => {
    const { user, inClinic, inSchool } = await member();
    const res = await switchTo(inSchool, bearer(await tokenFor(user, 3600, inClinic)));
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(res.json());
    expect(decodeJwt(pair.accessToken)).toMatchObject({ uid: user.id, identity: inSchool, scope: 'Student' });
    const refreshed = await postRefresh(t, pair.refreshToken);
    expect(decodeJwt(tokenPairSchema.parse(refreshed.json()).accessToken).identity).toBe(inSchool);
  });

  it("switching to an unknown id or another user's identity answers 404 and writes nothing", async () => {
    const { user, inClinic } = await member();
    const stranger = await createUser(t.db);
    const strangerClient = await createClient(t.db, 'Elsewhere');
    const theirs = await addMembership(t.db, stranger.id, strangerClient, 'Student');
    const before = await rowCounts(t.db);
    const headers = bearer(await tokenFor(user, 3600, inClinic));
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await switchTo(id, headers);
      expect(res.statusCode).toBe(404);
    }
    const malformed = await switchTo('not-a-uuid', headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.validation).toEqual({ id: 'uuid' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('a non-admin cannot switch to their hidden individual access', async () => {
    const { user, inClinic, individual } = await member();
    const res = await switchTo(individual, bearer(await tokenFor(user, 3600, inClinic)));
    expect(res.statusCode).toBe(404);
  });
});
