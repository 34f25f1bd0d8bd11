/**
 * The gradient limits one role (read, phase or slice) may use on a stack of any orientation: the one rule that
 * validation's timing (timing.ts, parameters.ts) and the timeline builder (build/context.ts) share, so that what
 * validates plays on both backends (issue 23.4; docs/physics.md "Gradient limits on oblique stacks").
 *
 * Each gradient channel (x, y, z) has its own amplifier limit G and slew limit S. A role's lobe g_r is played
 * along the role's unit direction d_r, so channel j carries Σ_r d_r[j]·g_r. With every role held to |g_r| ≤ f·G,
 * |Σ_r d_r[j]·g_r| ≤ f·G·Σ_r |d_r[j]|, and the bound is reached when the roles peak together with the signs of
 * d_r[j] (a gradient echo's read, phase and slice-rephase lobes do, at the shortest TE). The largest f that keeps
 * every channel within G whatever the roles play at once is therefore
 *   f = 1 / max_j Σ_r |R_jr| = 1/‖R‖∞,
 * R the rotation whose columns are the read, phase and slice directions (the maximum row sum). Slew is linear in
 * the same way, so the same f holds for S. On the axes R is a signed permutation and f = 1; a tilt or in-plane
 * rotation by θ gives 1/(|cos θ| + |sin θ|) (0.78 at 20°, 1/√2 at 45°); no rotation gives less than 1/√3.
 * Consoles derive logical-axis limits from the physical ones and the rotation matrix in the same way, which is
 * why a scanner's minimum TE and TR rise on an oblique stack.
 */
import { slewRateOf } from './hardware.ts';
import { stackDirections } from './orientation.ts';
import type { Protocol, Scanner } from './protocol.ts';

/** Direction components below this are rounding of cos/sin at multiples of 90°, not a rotation. */
const NEGLIGIBLE_COMPONENT = 1e-12;

/**
 * Fraction of each channel's amplitude and slew limit one role may use on a stack of this geometry:
 * 1/‖R‖∞ (module comment); 1 on the axes, down to 1/√3.
 */
export function roleGradientFraction(geometry: Protocol['geometry']): number {
  const { row, column, normal } = stackDirections(geometry);
  let largestRowSum = 0;
  for (let channel = 0; channel < 3; channel++) {
    let sum = 0;
    for (const direction of [row, column, normal]) {
      const component = Math.abs(direction[channel] ?? 0);
      if (component > NEGLIGIBLE_COMPONENT) sum += component;
    }
    largestRowSum = Math.max(largestRowSum, sum);
  }
  return 1 / largestRowSum;
}

/**
 * The scanner as each role of `protocol` sees it: amplitude [T/m] and slew [T/m/s] limits times
 * `roleGradientFraction`. Validation's timing and the builders both take their limits from here.
 */
export function roleScanner(protocol: Pick<Protocol, 'geometry'>, scanner: Scanner): Scanner {
  const fraction = roleGradientFraction(protocol.geometry);
  if (fraction === 1) return scanner;
  return {
    ...scanner,
    maxGradient: scanner.maxGradient * fraction,
    maxSlewRate: slewRateOf(scanner) * fraction,
  };
}
