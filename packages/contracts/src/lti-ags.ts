/**
 * LTI Assignment and Grade Services 2.0 (issue 27.4; IMS AGS 2.0): a launch's endpoint claim names the line item
 * of the resource link; when a teacher releases a grade of an attempt on that module, Larmor posts the score to
 * the line item, with retries and backoff, once per attempt and score. Teachers see each return's status on the
 * attempt.
 */
import { z } from 'zod';
import { timestampSchema } from './common.ts';

/** The AGS endpoint claim of a launch (AGS 2.0 §3.1) and the context claim (LTI 1.3 Core §5.4.1). */
export const LTI_AGS_CLAIMS = {
  endpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
} as const;

/** AGS scopes (AGS 2.0 §3.1); Larmor asks for the score scope only. */
export const LTI_AGS_SCOPES = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
} as const;

/** The media type of a score (AGS 2.0 §3.4). */
export const LTI_SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';

/** The media types of a line item and of a line items container (AGS 2.0 §3.2). */
export const LTI_LINE_ITEM_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
export const LTI_LINE_ITEM_CONTAINER_MEDIA_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
/** The tag of the line items Larmor creates in a link's line items container (AGS 2.0 §3.2.7). */
export const LTI_LINE_ITEM_TAG = 'larmor';

/** Tries of one score before it is marked failed. */
export const LTI_SCORE_MAX_TRIES = 8;
/** Wait before the second try; each later wait doubles [s]. */
export const LTI_SCORE_RETRY_BASE_S = 60;
/** Longest wait between two tries [s]. */
export const LTI_SCORE_RETRY_MAX_S = 6 * 3600;

/** The AGS endpoint claim as a launch carries it (every member optional: a platform grants what it grants). */
export const ltiAgsEndpointClaimSchema = z.object({
  scope: z.array(z.string()).optional(),
  lineitems: z.string().optional(),
  lineitem: z.string().optional(),
});
export type LtiAgsEndpointClaim = z.infer<typeof ltiAgsEndpointClaimSchema>;

/** A line item as a platform answers it (AGS 2.0 §3.2): only what Larmor reads; `id` is its URL. */
export const ltiLineItemSchema = z.object({
  id: z.string(),
  resourceLinkId: z.string().optional(),
  tag: z.string().optional(),
});
export type LtiLineItem = z.infer<typeof ltiLineItemSchema>;

/** A line item Larmor creates for a resource link launched without one (AGS 2.0 §3.2.6). */
export const ltiLineItemCreateSchema = z.object({
  scoreMaximum: z.number().positive(),
  label: z.string().min(1),
  resourceLinkId: z.string().min(1),
  resourceId: z.string(),
  tag: z.string(),
});
export type LtiLineItemCreate = z.infer<typeof ltiLineItemCreateSchema>;

/** A score as Larmor posts it to `<lineitem>/scores` (AGS 2.0 §3.4). */
export const ltiScoreSchema = z.object({
  userId: z.string(),
  scoreGiven: z.number().min(0),
  scoreMaximum: z.number().positive(),
  comment: z.string().optional(),
  timestamp: timestampSchema,
  activityProgress: z.literal('Completed'),
  gradingProgress: z.literal('FullyGraded'),
});
export type LtiScore = z.infer<typeof ltiScoreSchema>;

/**
 * Where one attempt's score stands with one line item: `pending` (waiting for its next try; `error` says why the
 * last failed, if one did), `sent` (the platform took the score now held), `failed` (refused, or given up after
 * LTI_SCORE_MAX_TRIES; `error` says why).
 */
export const LTI_GRADE_RETURN_STATUSES = ['pending', 'sent', 'failed'] as const;
export const ltiGradeReturnStatusSchema = z.enum(LTI_GRADE_RETURN_STATUSES);

export const ltiGradeReturnSchema = z.object({
  /** The registered platform's name, as administrators named it. */
  platformName: z.string(),
  /**
   * The line item URL the score goes to; for a link whose line item Larmor is still creating, the platform's line
   * items container it is created in (the return is pending, or failed with the platform's reason).
   */
  lineItem: z.string(),
  status: ltiGradeReturnStatusSchema,
  /** The score (given, maximum) this return holds. */
  scoreGiven: z.number(),
  scoreMaximum: z.number(),
  /** Tries made for the score now held. */
  tries: z.number().int().min(0),
  /** Why the last try failed; null when none did. */
  error: z.string().nullable(),
  /** When the next try is due (pending only). */
  nextTryAt: timestampSchema.nullable(),
  /** When the platform took the score now held (sent only). */
  sentAt: timestampSchema.nullable(),
});
export type LtiGradeReturn = z.infer<typeof ltiGradeReturnSchema>;
