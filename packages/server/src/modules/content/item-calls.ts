/**
 * The route options of the calls a course and a module (lab) answer alike (issue 10): add one at the end of its
 * parent, read it, change it, delete it (409 when in use: archive it instead), copy it, archive or restore it.
 * Each item names its schemas and its summaries (the words of the OpenAPI page); its routes name the handlers.
 */
import { archiveSchema } from '@larmor/contracts';
import { z } from 'zod';
import { authenticate } from '../../plugins/auth.ts';
import { contentCall, contentStaff } from './calls.ts';

/**
 * The options of a content item's six calls, from its schemas and summaries; a left-out copy body copies to the
 * item's own parent, a left-out archive body archives.
 */
export function contentItemCalls<
  Parent extends z.ZodType,
  Params extends z.ZodType,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  Copy extends z.ZodType,
>(item: {
  /** The path parameters of the parent it is added to (a course's program, a module's course). */
  parent: Parent;
  params: Params;
  schema: Item;
  bodies: { create: Create; patch: Patch; copy: Copy };
  summaries: Record<'create' | 'get' | 'patch' | 'remove' | 'copy' | 'archive', string>;
}) {
  const { parent, params, schema, bodies, summaries } = item;
  return {
    create: contentCall(contentStaff, {
      summary: summaries.create,
      params: parent,
      body: bodies.create,
      response: { 201: schema },
    }),
    get: contentCall(authenticate, { summary: summaries.get, params, response: { 200: schema } }),
    patch: contentCall(contentStaff, {
      summary: summaries.patch,
      params,
      body: bodies.patch,
      response: { 200: schema },
    }),
    remove: contentCall(contentStaff, { summary: summaries.remove, params, response: { 204: z.null() } }),
    copy: contentCall(contentStaff, {
      summary: summaries.copy,
      params,
      body: bodies.copy.nullish(),
      response: { 201: schema },
    }),
    archive: contentCall(contentStaff, {
      summary: summaries.archive,
      params,
      body: archiveSchema.nullish(),
      response: { 200: schema },
    }),
  };
}
