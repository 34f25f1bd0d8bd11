/**
 * Organisations administration for administrators (DESIGN.md §4): organisations (clients) under
 * `v1/clients/`, groups and their members under `v1/groups/`, cohorts within groups under `v1/cohorts/`.
 * Each route is a schema and a thin handler (validate → authorize → command → present).
 */
import {
  addMembersSchema,
  type AddMembers,
  clientCreateSchema,
  clientListResponseSchema,
  clientPatchSchema,
  clientSchema,
  cohortCreateSchema,
  cohortListResponseSchema,
  cohortSchema,
  groupCreateSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupSchema,
  idParamsSchema,
  memberParamsSchema,
  membersResponseSchema,
  type Member,
  ORGANISATION_PATHS,
  pageQuerySchema,
  renameSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { signedInCalls } from '../../plugins/calls.ts';
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { noStore } from '../../plugins/security.ts';
import { adminScopeOf, type AdminScope } from './access.ts';
import type { Db } from './repository.ts';
import * as service from './service.ts';
import { routePath } from '../../plugins/route-path.ts';
import { created, noContent } from '../../plugins/replies.ts';

const admin = requireRole('Admin');
const clientCall = signedInCalls(['organisations'], ADMIN_CALL_ERRORS);
const groupCall = signedInCalls(['groups'], ADMIN_CALL_ERRORS);
const cohortCall = signedInCalls(['cohorts'], ADMIN_CALL_ERRORS);
const noContentAnswer = { 204: z.null() };

/** A group or a cohort as its routes see it: its paths, schema, summaries (OpenAPI) and service calls. */
interface MemberSet<S extends z.ZodType> {
  call: typeof groupCall;
  paths: { one: string; members: string; member: string };
  schema: S;
  summaries: Record<'get' | 'rename' | 'remove' | 'listMembers' | 'addMembers' | 'removeMember', string>;
  get(db: Db, scope: AdminScope, id: string): Promise<z.output<S>>;
  rename(db: Db, scope: AdminScope, id: string, name: string): Promise<z.output<S>>;
  remove(db: Db, scope: AdminScope, id: string): Promise<void>;
  listMembers(db: Db, scope: AdminScope, id: string): Promise<Member[]>;
  addMembers(db: Db, scope: AdminScope, id: string, body: AddMembers): Promise<Member[]>;
  removeMember(db: Db, scope: AdminScope, id: string, userId: string): Promise<void>;
}

export const organisationsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const db = root.db;
  const scopeOf = (request: FastifyRequest) => adminScopeOf(db, callerOf(request));

  app.get(
    routePath(ORGANISATION_PATHS.clients),
    clientCall(admin, {
      summary: 'List organisations',
      querystring: pageQuerySchema,
      response: { 200: clientListResponseSchema },
    }),
    async (request) => service.listClients(db, await scopeOf(request), request.query),
  );
  app.post(
    routePath(ORGANISATION_PATHS.clients),
    clientCall(admin, {
      summary: 'Create an organisation (platform administrators)',
      body: clientCreateSchema,
      response: { 201: clientSchema },
    }),
    created(async (request) => service.createClient(db, await scopeOf(request), request.body)),
  );
  app.get(
    routePath(ORGANISATION_PATHS.client),
    clientCall(admin, {
      summary: 'Get an organisation',
      params: idParamsSchema,
      response: { 200: clientSchema },
    }),
    async (request) => service.getClient(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.client),
    clientCall(admin, {
      summary: 'Rename an organisation or change its licence (licence: platform administrators)',
      params: idParamsSchema,
      body: clientPatchSchema,
      response: { 200: clientSchema },
    }),
    async (request) => service.updateClient(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.client),
    clientCall(admin, {
      summary: 'Delete an organisation with its groups and memberships (platform administrators)',
      params: idParamsSchema,
      response: noContentAnswer,
    }),
    noContent(async (request) => service.deleteClient(db, await scopeOf(request), request.params.id)),
  );

  app.get(
    routePath(ORGANISATION_PATHS.groups),
    groupCall(admin, {
      summary: 'List groups',
      querystring: groupListQuerySchema,
      response: { 200: groupListResponseSchema },
    }),
    async (request) => service.listGroups(db, await scopeOf(request), request.query),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groups),
    groupCall(admin, {
      summary: 'Create a group in an organisation',
      body: groupCreateSchema,
      response: { 201: groupSchema },
    }),
    created(async (request) =>
      service.createGroup(db, await scopeOf(request), request.body.clientId, request.body.name),
    ),
  );
  memberSetRoutes({
    call: groupCall,
    paths: {
      one: ORGANISATION_PATHS.group,
      members: ORGANISATION_PATHS.groupMembers,
      member: ORGANISATION_PATHS.groupMember,
    },
    schema: groupSchema,
    summaries: {
      get: 'Get a group',
      rename: 'Rename a group',
      remove: 'Delete a group with its cohorts',
      listMembers: 'List the members of a group',
      addMembers: 'Add members of the organisation to a group',
      removeMember: 'Remove a member from a group and its cohorts',
    },
    get: service.getGroup,
    rename: service.renameGroup,
    remove: service.deleteGroup,
    listMembers: service.listGroupMembers,
    addMembers: service.addGroupMembers,
    removeMember: service.removeGroupMember,
  });

  app.get(
    routePath(ORGANISATION_PATHS.groupCohorts),
    cohortCall(admin, {
      summary: 'List the cohorts of a group',
      params: idParamsSchema,
      response: { 200: cohortListResponseSchema },
    }),
    async (request) => service.listCohorts(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groupCohorts),
    cohortCall(admin, {
      summary: 'Create a cohort in a group',
      params: idParamsSchema,
      body: cohortCreateSchema,
      response: { 201: cohortSchema },
    }),
    created(async (request) =>
      service.createCohort(db, await scopeOf(request), request.params.id, request.body.name),
    ),
  );
  memberSetRoutes({
    call: cohortCall,
    paths: {
      one: ORGANISATION_PATHS.cohort,
      members: ORGANISATION_PATHS.cohortMembers,
      member: ORGANISATION_PATHS.cohortMember,
    },
    schema: cohortSchema,
    summaries: {
      get: 'Get a cohort',
      rename: 'Rename a cohort',
      remove: 'Delete a cohort',
      listMembers: 'List the members of a cohort',
      addMembers: 'Add members of the group to a cohort',
      removeMember: 'Remove a member from a cohort',
    },
    get: service.getCohort,
    rename: service.renameCohort,
    remove: service.deleteCohort,
    listMembers: service.listCohortMembers,
    addMembers: service.addCohortMembers,
    removeMember: service.removeCohortMember,
  });

  /** The routes of one group or cohort: a named set of members, read, renamed, deleted and filled alike. */
  function memberSetRoutes<S extends typeof groupSchema | typeof cohortSchema>(set: MemberSet<S>) {
    app.get(
      routePath(set.paths.one),
      set.call(admin, { summary: set.summaries.get, params: idParamsSchema, response: { 200: set.schema } }),
      async (request) => set.get(db, await scopeOf(request), request.params.id),
    );
    app.patch(
      routePath(set.paths.one),
      set.call(admin, {
        summary: set.summaries.rename,
        params: idParamsSchema,
        body: renameSchema,
        response: { 200: set.schema },
      }),
      async (request) => set.rename(db, await scopeOf(request), request.params.id, request.body.name),
    );
    app.delete(
      routePath(set.paths.one),
      set.call(admin, { summary: set.summaries.remove, params: idParamsSchema, response: noContentAnswer }),
      noContent(async (request) => set.remove(db, await scopeOf(request), request.params.id)),
    );
    app.get(
      routePath(set.paths.members),
      set.call(admin, {
        summary: set.summaries.listMembers,
        params: idParamsSchema,
        response: { 200: membersResponseSchema },
      }),
      async (request) => set.listMembers(db, await scopeOf(request), request.params.id),
    );
    app.post(
      routePath(set.paths.members),
      set.call(admin, {
        summary: set.summaries.addMembers,
        params: idParamsSchema,
        body: addMembersSchema,
        response: { 200: membersResponseSchema },
      }),
      async (request) => set.addMembers(db, await scopeOf(request), request.params.id, request.body),
    );
    app.delete(
      routePath(set.paths.member),
      set.call(admin, {
        summary: set.summaries.removeMember,
        params: memberParamsSchema,
        response: noContentAnswer,
      }),
      noContent(async (request) =>
        set.removeMember(db, await scopeOf(request), request.params.id, request.params.userId),
      ),
    );
  }
};
