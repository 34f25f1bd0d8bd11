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
import { ADMIN_CALL_ERRORS } from '../../plugins/errors.ts';
import { noStore } from '../../plugins/security.ts';
import { adminScopeOf } from './access.ts';
import * as service from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

const security = [{ bearer: [] }];
const errors = ADMIN_CALL_ERRORS;
const admin = requireRole('Admin');
const noContent = { 204: z.null(), ...errors };

export const organisationsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  root.addHook('onRequest', noStore);
  const db = root.db;
  const scopeOf = (request: FastifyRequest) => adminScopeOf(db, callerOf(request));
  const clients = { tags: ['organisations'], security };
  const groups = { tags: ['groups'], security };
  const cohorts = { tags: ['cohorts'], security };

  app.get(
    routePath(ORGANISATION_PATHS.clients),
    {
      preHandler: admin,
      schema: {
        summary: 'List organisations',
        ...clients,
        querystring: pageQuerySchema,
        response: { 200: clientListResponseSchema, ...errors },
      },
    },
    async (request) => service.listClients(db, await scopeOf(request), request.query),
  );
  app.post(
    routePath(ORGANISATION_PATHS.clients),
    {
      preHandler: admin,
      schema: {
        summary: 'Create an organisation (platform administrators)',
        ...clients,
        body: clientCreateSchema,
        response: { 201: clientSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createClient(db, await scopeOf(request), request.body)),
  );
  app.get(
    routePath(ORGANISATION_PATHS.client),
    {
      preHandler: admin,
      schema: {
        summary: 'Get an organisation',
        ...clients,
        params: idParamsSchema,
        response: { 200: clientSchema, ...errors },
      },
    },
    async (request) => service.getClient(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.client),
    {
      preHandler: admin,
      schema: {
        summary: 'Rename an organisation or change its licence (licence: platform administrators)',
        ...clients,
        params: idParamsSchema,
        body: clientPatchSchema,
        response: { 200: clientSchema, ...errors },
      },
    },
    async (request) => service.updateClient(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.client),
    {
      preHandler: admin,
      schema: {
        summary: 'Delete an organisation with its groups and memberships (platform administrators)',
        ...clients,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteClient(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    routePath(ORGANISATION_PATHS.groups),
    {
      preHandler: admin,
      schema: {
        summary: 'List groups',
        ...groups,
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errors },
      },
    },
    async (request) => service.listGroups(db, await scopeOf(request), request.query),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groups),
    {
      preHandler: admin,
      schema: {
        summary: 'Create a group in an organisation',
        ...groups,
        body: groupCreateSchema,
        response: { 201: groupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createGroup(db, await scopeOf(request), request.body.clientId, request.body.name),
        ),
  );
  app.get(
    routePath(ORGANISATION_PATHS.group),
    {
      preHandler: admin,
      schema: {
        summary: 'Get a group',
        ...groups,
        params: idParamsSchema,
        response: { 200: groupSchema, ...errors },
      },
    },
    async (request) => service.getGroup(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.group),
    {
      preHandler: admin,
      schema: {
        summary: 'Rename a group',
        ...groups,
        params: idParamsSchema,
        body: renameSchema,
        response: { 200: groupSchema, ...errors },
      },
    },
    async (request) => service.renameGroup(db, await scopeOf(request), request.params.id, request.body.name),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.group),
    {
      preHandler: admin,
      schema: {
        summary: 'Delete a group with its cohorts',
        ...groups,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteGroup(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    routePath(ORGANISATION_PATHS.groupMembers),
    {
      preHandler: admin,
      schema: {
        summary: 'List the members of a group',
        ...groups,
        params: idParamsSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => service.listGroupMembers(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groupMembers),
    {
      preHandler: admin,
      schema: {
        summary: 'Add members of the organisation to a group',
        ...groups,
        params: idParamsSchema,
        body: addMembersSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => service.addGroupMembers(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.groupMember),
    {
      preHandler: admin,
      schema: {
        summary: 'Remove a member from a group and its cohorts',
        ...groups,
        params: memberParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.removeGroupMember(db, await scopeOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    routePath(ORGANISATION_PATHS.groupCohorts),
    {
      preHandler: admin,
      schema: {
        summary: 'List the cohorts of a group',
        ...cohorts,
        params: idParamsSchema,
        response: { 200: cohortListResponseSchema, ...errors },
      },
    },
    async (request) => service.listCohorts(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.groupCohorts),
    {
      preHandler: admin,
      schema: {
        summary: 'Create a cohort in a group',
        ...cohorts,
        params: idParamsSchema,
        body: cohortCreateSchema,
        response: { 201: cohortSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCohort(db, await scopeOf(request), request.params.id, request.body.name)),
  );
  app.get(
    routePath(ORGANISATION_PATHS.cohort),
    {
      preHandler: admin,
      schema: {
        summary: 'Get a cohort',
        ...cohorts,
        params: idParamsSchema,
        response: { 200: cohortSchema, ...errors },
      },
    },
    async (request) => service.getCohort(db, await scopeOf(request), request.params.id),
  );
  app.patch(
    routePath(ORGANISATION_PATHS.cohort),
    {
      preHandler: admin,
      schema: {
        summary: 'Rename a cohort',
        ...cohorts,
        params: idParamsSchema,
        body: renameSchema,
        response: { 200: cohortSchema, ...errors },
      },
    },
    async (request) => service.renameCohort(db, await scopeOf(request), request.params.id, request.body.name),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.cohort),
    {
      preHandler: admin,
      schema: { summary: 'Delete a cohort', ...cohorts, params: idParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await service.deleteCohort(db, await scopeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    routePath(ORGANISATION_PATHS.cohortMembers),
    {
      preHandler: admin,
      schema: {
        summary: 'List the members of a cohort',
        ...cohorts,
        params: idParamsSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => service.listCohortMembers(db, await scopeOf(request), request.params.id),
  );
  app.post(
    routePath(ORGANISATION_PATHS.cohortMembers),
    {
      preHandler: admin,
      schema: {
        summary: 'Add members of the group to a cohort',
        ...cohorts,
        params: idParamsSchema,
        body: addMembersSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => service.addCohortMembers(db, await scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    routePath(ORGANISATION_PATHS.cohortMember),
    {
      preHandler: admin,
      schema: {
        summary: 'Remove a member from a cohort',
        ...cohorts,
        params: memberParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.removeCohortMember(db, await scopeOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
