/**
 * Organisations administration for administrators (DESIGN.md §4): organisations (clients) under
 * `v1/clients/`, groups and their members under `v1/groups/`, cohorts within groups under `v1/cohorts/`.
 * Each route is a schema and a thin handler (validate → authorize → command → present).
 */
import {
  addMembersSchema,
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
import { adminScopeOf } from './access.ts';
import * as service from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

const admin = requireRole('Admin');
const clientCall = signedInCalls(['organisations'], ADMIN_CALL_ERRORS);
const groupCall = signedInCalls(['groups'], ADMIN_CALL_ERRORS);
const cohortCall = signedInCalls(['cohorts'], ADMIN_CALL_ERRORS);
const noContent = { 204: z.null() };

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
    async (request, reply) =>
      reply.status(201).send(await service.createClient(db, await scopeOf(request), request.body)),
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
      response: noContent,
    }),
    async (request, reply) => {
      await service.deleteClient(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
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
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createGroup(db, await scopeOf(request), request.body.clientId, request.body.name),
        ),
  );
  app.get(
    routePath(ORGANISATION_PATHS.group),
    groupCall(admin, {
      summary: 'Get a group',
      params: idParamsSchema,
      response: { 200: groupSchema },
    }),
    async (request) => service.getGroup(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.group),
    groupCall(admin, {
      summary: 'Rename a group',
      params: idParamsSchema,
      body: renameSchema,
      response: { 200: groupSchema },
    }),
    async (request) => service.renameGroup(db, await scopeOf(request), request.params.id, request.body.name),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.group),
    groupCall(admin, {
      summary: 'Delete a group with its cohorts',
      params: idParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.deleteGroup(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    routePath(ORGANISATION_PATHS.groupMembers),
    groupCall(admin, {
      summary: 'List the members of a group',
      params: idParamsSchema,
      response: { 200: membersResponseSchema },
    }),
    async (request) => service.listGroupMembers(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groupMembers),
    groupCall(admin, {
      summary: 'Add members of the organisation to a group',
      params: idParamsSchema,
      body: addMembersSchema,
      response: { 200: membersResponseSchema },
    }),
    async (request) => service.addGroupMembers(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.groupMember),
    groupCall(admin, {
      summary: 'Remove a member from a group and its cohorts',
      params: memberParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.removeGroupMember(db, await scopeOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

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
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCohort(db, await scopeOf(request), request.params.id, request.body.name)),
  );
  app.get(
    routePath(ORGANISATION_PATHS.cohort),
    cohortCall(admin, {
      summary: 'Get a cohort',
      params: idParamsSchema,
      response: { 200: cohortSchema },
    }),
    async (request) => service.getCohort(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.cohort),
    cohortCall(admin, {
      summary: 'Rename a cohort',
      params: idParamsSchema,
      body: renameSchema,
      response: { 200: cohortSchema },
    }),
    async (request) => service.renameCohort(db, await scopeOf(request), request.params.id, request.body.name),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.cohort),
    cohortCall(admin, { summary: 'Delete a cohort', params: idParamsSchema, response: noContent }),
    async (request, reply) => {
      await service.deleteCohort(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    routePath(ORGANISATION_PATHS.cohortMembers),
    cohortCall(admin, {
      summary: 'List the members of a cohort',
      params: idParamsSchema,
      response: { 200: membersResponseSchema },
    }),
    async (request) => service.listCohortMembers(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.cohortMembers),
    cohortCall(admin, {
      summary: 'Add members of the group to a cohort',
      params: idParamsSchema,
      body: addMembersSchema,
      response: { 200: membersResponseSchema },
    }),
    async (request) => service.addCohortMembers(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.cohortMember),
    cohortCall(admin, {
      summary: 'Remove a member from a cohort',
      params: memberParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.removeCohortMember(db, await scopeOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
