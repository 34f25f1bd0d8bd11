/**
 * LTI Deep Linking 2.0 (issue 27.3; IMS LTI Deep Linking 2.0, §4): a teacher in the learning platform asks for
 * content (an `LtiDeepLinkingRequest` launch), picks a Larmor module or program in Larmor's picker, and Larmor
 * answers the platform with an `LtiDeepLinkingResponse` JWT holding one `ltiResourceLink` with a line item.
 * Paths under /api.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';

/** Deep-linking paths, under /api, with `{name}` path parameters. */
export const LTI_DEEP_LINKING_PATHS = {
  /**
   * Public: the deep-linking URL a platform is given (its target link URI for deep-linking requests). A form
   * post of `id_token` and `state` here is handled as at the launch URL.
   */
  deepLinking: 'v1/lti/deep-linking',
  /** The teacher's pending request: what the picker offers (GET) and the teacher's choice (POST). */
  request: 'v1/lti/deep-linking/requests/{linkId}',
  /** The auto-submitting form that posts the response JWT to the platform (opened with its single-use token). */
  response: 'v1/lti/deep-linking/response',
} as const;

/** The deep-linking claims (LTI Deep Linking 2.0 §4.4, §4.5). */
export const LTI_DL_CLAIMS = {
  settings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  data: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  msg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
} as const;

/** The content item type Larmor returns (LTI Deep Linking 2.0 §3.1). */
export const LTI_RESOURCE_LINK_TYPE = 'ltiResourceLink';

/**
 * The `scoreMaximum` of the line item of every link Larmor returns: grades go back as a percentage of the
 * attempt's maximum score, so a module whose rubric changes keeps its gradebook column.
 */
export const LTI_LINE_ITEM_SCORE_MAXIMUM = 100;

/** How long a teacher has to pick, from the deep-linking launch [s]. */
export const LTI_DEEP_LINK_TTL_S = 3600;

export const ltiDeepLinkParamsSchema = z.object({ linkId: idSchema });

/** A module the picker offers. */
export const ltiPickerModuleSchema = z.object({ id: idSchema, title: z.string() });
/** A course of a program, with its modules. */
export const ltiPickerCourseSchema = z.object({
  id: idSchema,
  title: z.string(),
  modules: z.array(ltiPickerModuleSchema),
});
/** A program of the organisation (its own or assigned to it), with its courses. */
export const ltiPickerProgramSchema = z.object({
  id: idSchema,
  title: z.string(),
  courses: z.array(ltiPickerCourseSchema),
});

/** GET request: the pending request and what the teacher may link. */
export const ltiDeepLinkRequestSchema = z.object({
  id: idSchema,
  /** The registered platform's name. */
  platformName: z.string(),
  /** The organisation whose programs are offered. */
  organisationName: z.string(),
  /** The platform's `title` suggestion, if any. */
  title: z.string().nullable(),
  /** Published programs of the organisation, by title. */
  programs: z.array(ltiPickerProgramSchema),
  expiresAt: z.string(),
});
export type LtiDeepLinkRequest = z.infer<typeof ltiDeepLinkRequestSchema>;

/** POST request: the teacher's choice, a module or a whole program. */
export const ltiDeepLinkChoiceSchema = z.strictObject({
  kind: z.enum(['module', 'program']),
  id: idSchema,
});
export type LtiDeepLinkChoice = z.infer<typeof ltiDeepLinkChoiceSchema>;

/** POST answer: where the browser goes to post the response to the platform (single use, within the TTL). */
export const ltiDeepLinkChosenSchema = z.object({ responseUrl: z.string() });
export type LtiDeepLinkChosen = z.infer<typeof ltiDeepLinkChosenSchema>;

export const ltiDeepLinkResponseQuerySchema = z.object({ token: z.string().min(1).max(200) });
