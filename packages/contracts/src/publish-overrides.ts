/**
 * Why a program was published although a module's objectives fail that module's own reference scan (issue 21.2,
 * migration 0013 `publish_overrides`): the reason the author gave, who gave it and when, and what failed then
 * (module and objective titles as they read now; an objective removed since shows its id). Read by the
 * program's editors: GET v1/programs/{programId}/publish-overrides (PROGRAM_PATHS.programPublishOverrides).
 * Re-exported by programs.ts.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

export const publishOverrideSchema = z.object({
  id: idSchema,
  reason: z.string(),
  /** The modules whose objectives failed their reference, with those objectives' titles. */
  failing: z.array(
    z.object({
      labId: idSchema,
      /** The module's title; null once it is gone. */
      title: z.string().nullable(),
      objectiveTitles: z.array(z.string()),
    }),
  ),
  setBy: z.object({ id: idSchema, name: z.string() }),
  setAt: z.string(),
});
export type PublishOverride = z.infer<typeof publishOverrideSchema>;

/** GET v1/programs/{programId}/publish-overrides: newest first. */
export const publishOverridesSchema = z.object({ overrides: z.array(publishOverrideSchema) });
export type PublishOverrides = z.infer<typeof publishOverridesSchema>;
