/**
 * From schemes to protocols and back: a pulse sequence stores its parameters and spatials (contracts
 * `sequenceParametersSchema`, `spatialsSchema`: @larmor/mri `Protocol` fields, SI units); its scheme (a
 * sequence-type code) names the family. Every protocol the server stores or runs is checked with @larmor/mri's
 * `validateProtocol` on the session's scanner, and `validateFreePlan` on the free plan: a conflict answers 400
 * with a validation map naming each broken parameter's rule, and for range rules the limit that would satisfy
 * it (`echoTime.min: "0.0042"`, in the parameter's SI unit), beside the engine's message ("TE must be at least
 * 4.2 ms for this bandwidth and gradient (45 mT/m)").
 */
import {
  ERROR_CAUSES,
  ERROR_CODES,
  protocolSchema,
  sequenceParametersSchema,
  sequenceTypeOf,
  spatialsSchema,
  type SequenceParameters,
  type SequenceType,
  type Spatials,
  type StartingProtocol,
} from '@larmor/contracts';
import {
  FREE_PLAN_LIMITS as ENGINE_FREE_PLAN_LIMITS,
  defaultPhaseDirection,
  defaultProtocol,
  parameterDefinitions,
  planViolations,
  type ProtocolViolation,
} from '@larmor/mri/sequence';
import { SLICE_TILT_MAX, protocolOf, type Protocol, type Scanner, type SequenceFamily } from '@larmor/mri';
import { ApiError, invalidField } from '../../plugins/errors.ts';

/** The scheme `code` if the module allows it (and the free plan, when the session is on it); else 400. */
export function allowedScheme(
  code: number,
  allowedCodes: readonly number[],
  freePlan: boolean,
  field = 'pulseSequenceSchemeId',
): SequenceType {
  const type = sequenceTypeOf(code);
  if (!type) throw invalidField(field, 'scheme', `Unknown pulse-sequence scheme ${code}`);
  if (!allowedCodes.includes(code)) {
    throw invalidField(field, 'not_allowed', `This module does not offer scheme ${code} (${type.name})`);
  }
  if (freePlan && !ENGINE_FREE_PLAN_LIMITS.families.includes(type.family as SequenceFamily)) {
    throw invalidField(field, 'free-plan', 'Only SE and GRE sequences are available on the free plan');
  }
  return type;
}

/** The family of a scheme the server stored (its code was checked when stored). */
export function familyOf(code: number): SequenceFamily {
  const type = sequenceTypeOf(code);
  if (!type) throw new RangeError(`unknown scheme ${code}`);
  return type.family as SequenceFamily;
}

/** Splits a protocol into what a pulse sequence stores. */
export function splitProtocol(protocol: Protocol): { parameters: SequenceParameters; spatials: Spatials } {
  const { family: _family, geometry, ...parameters } = protocol;
  return {
    parameters: sequenceParametersSchema.parse(parameters),
    spatials: spatialsSchema.parse(geometry),
  };
}

/** The protocol of stored parameters and spatials. */
export function joinProtocol(
  family: SequenceFamily,
  parameters: SequenceParameters,
  spatials: Spatials,
): Protocol {
  return protocolSchema.parse(protocolOf(family, parameters, spatials)) as Protocol;
}

/**
 * The scheme's default protocol on `scanner` (@larmor/mri `defaultProtocol`) with the module's starting
 * parameters for the scheme over it (contracts `startingProtocolSchema`; issue 20.4), held within the free plan's
 * FOV, matrix and slice caps when the session is on it, so that a new sequence always runs.
 */
export function defaultSchemeProtocol(
  family: SequenceFamily,
  scanner: Scanner,
  freePlan: boolean,
  starting: StartingProtocol['parameters'] = {},
): Protocol {
  const protocol = { ...defaultProtocol(family, scanner), ...starting } as Protocol;
  const phaseDirection = defaultPhaseDirection(protocol.geometry.orientation);
  if (!freePlan) return { ...protocol, phaseDirection };
  const lim = ENGINE_FREE_PLAN_LIMITS;
  const clampFov = (fov: number) => Math.min(lim.fovMax, Math.max(lim.fovMin, fov));
  return {
    ...protocol,
    phaseDirection,
    fovRead: clampFov(protocol.fovRead),
    fovPhase: clampFov(protocol.fovPhase),
    matrixRead: Math.min(lim.matrixMax, protocol.matrixRead),
    matrixPhase: Math.min(lim.matrixMax, protocol.matrixPhase),
    sliceCount: Math.min(lim.sliceCountMax, protocol.sliceCount),
  };
}

/** `{field: rule}` of every violation, with the satisfying limit of range rules (`field.min`, `field.max`). */
function validationOf(
  protocol: Protocol,
  scanner: Scanner,
  violations: readonly ProtocolViolation[],
  prefix: string,
): Record<string, string> {
  const defs = parameterDefinitions(protocol, scanner);
  const map: Record<string, string> = {};
  for (const v of violations) {
    // The stack's tilts are spatials, not parameters (contracts spatialsSchema).
    const spatial = v.parameter === 'tiltAboutRow' || v.parameter === 'tiltAboutColumn';
    const field = `${spatial ? 'spatials.' : prefix}${v.parameter}`;
    map[field] ??= v.rule;
    const def = defs.find((d) => d.key === v.parameter);
    if (def && (v.rule === 'min' || v.rule === 'max')) map[`${field}.${v.rule}`] = String(def[v.rule]);
    if (spatial && (v.rule === 'min' || v.rule === 'max'))
      map[`${field}.${v.rule}`] = String(v.rule === 'max' ? SLICE_TILT_MAX : -SLICE_TILT_MAX);
  }
  return map;
}

/**
 * Throws a 400 when `protocol` breaks a limit of `scanner` (or of the free plan): the message is the engine's
 * messages joined, the validation map names each parameter (under `prefix`) with its rule and limit.
 */
export function assertRunnable(
  protocol: Protocol,
  scanner: Scanner,
  freePlan: boolean,
  prefix = 'parameters.',
) {
  const violations = planViolations(protocol, scanner, freePlan);
  if (violations.length === 0) return;
  throw new ApiError(
    400,
    ERROR_CODES.INVALID_DATA,
    violations.map((v) => v.message).join('; '),
    ERROR_CAUSES.VALIDATION,
    validationOf(protocol, scanner, violations, prefix),
  );
}

/** The starting parameters `startingProtocols` gives scheme `code` (none: the scheme's defaults). */
export function startingParametersOf(
  startingProtocols: readonly StartingProtocol[],
  code: number,
): StartingProtocol['parameters'] {
  return startingProtocols.find((s) => s.sequenceType === code)?.parameters ?? {};
}
