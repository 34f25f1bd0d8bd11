import { errorBodySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authenticate } from './auth.ts';
import { signedInCalls } from './calls.ts';

describe('signedInCalls', () => {
  const call = signedInCalls(['things'], { 401: errorBodySchema, 404: errorBodySchema });

  it("gives a call its guard, the module's tags, bearer security and error answers beside its own", () => {
    const params = z.object({ id: z.string() });
    const thing = z.object({ name: z.string() });
    const options = call(authenticate, { summary: 'One thing', params, response: { 200: thing } });
    expect(options.preHandler).toBe(authenticate);
    expect(options.schema).toEqual({
      summary: 'One thing',
      params,
      tags: ['things'],
      security: [{ bearer: [] }],
      response: { 200: thing, 401: errorBodySchema, 404: errorBodySchema },
    });
  });

  it("keeps the call's own answer for a status the module also lists", () => {
    const gone = z.object({ gone: z.literal(true) });
    expect(call(authenticate, { summary: 'Gone', response: { 404: gone } }).schema.response[404]).toBe(gone);
  });
});
