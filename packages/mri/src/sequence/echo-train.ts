/**
 * Which echo of a spin-echo train reads each phase-encoding line: the one layout that the fast engine's
 * per-line weights (signal.ts `echoTimeOfLine`), the teaching views' acquisition order (phase-order.ts) and the
 * Bloch timeline builder (build/spinEcho.ts) share, so the three cannot disagree.
 *
 * A train of E echoes reads one line per echo per excitation, so every echo reads at most S = ⌈lines/E⌉ lines
 * (S shots). The echo at the effective TE (echo c, TE = ESP·(c + 1)) always reads the k-space centre, and the
 * echo time never wraps inside k-space (Bernstein, King & Zhou, Handbook of MRI Pulse Sequences 2004, §16.2):
 * - centric (c = 0): lines by distance from the centre, S per echo: TE rises monotonically from the centre out;
 * - linear (segments of at most S contiguous lines, echo 0 at the most negative ky, echo E − 1 at the most
 *   positive), when echo c's segment can hold the centre line: TE rises monotonically across k-space;
 * - centred (any other c, e.g. a late effective TE on a long train): bands of S lines sorted by distance from the
 *   centre, each split evenly on both sides, take echo c, then the echoes of its shorter side of the train moving
 *   away from c, then those of its longer side moving away from c. The T2 weighting is even in ky (no phase
 *   ghost from an odd modulation), and along each side TE moves monotonically away from TE_eff twice, with one
 *   step back of (shorter side + 1)·ESP where the shorter side ends: e.g. 15 echoes, TE on the 13th:
 *   12 | 13, 14 | 11, 10, …, 0 from the centre out. A strictly monotone TE per side is impossible here: with
 *   S lines per echo only an echo whose linear segment holds the centre can sit there in a linear order.
 */

/** How the echoes of a train are laid over k-space. */
export type EchoTrainOrdering = 'centric' | 'linear' | 'centred';

export interface EchoTrainLayout {
  ordering: EchoTrainOrdering;
  /** Echo (0-based) that reads each line of the centred k-space; −1 for lines not acquired. */
  echoOfLine: Int32Array;
  /**
   * Excitation (0-based) that reads each line; −1 for lines not acquired. Within an echo's lines, shots run
   * from the centre out for centric trains and from the most negative ky up otherwise.
   */
  shotOfLine: Int32Array;
  /** Echo at the effective TE, which reads the centre line ⌊lines/2⌋. */
  centreEcho: number;
  /** Excitations per image: the most lines any echo reads. */
  shots: number;
}

/** Echo (0-based) of a train of `etl` echoes spaced `echoSpacing` [s] that is read at `echoTime` [s]. */
export function trainCentreEcho(echoTime: number, echoSpacing: number, etl: number): number {
  return Math.min(etl - 1, Math.max(0, Math.round(echoTime / echoSpacing) - 1));
}

/** Distance in read order from the centre line: 0, +1, −1, +2, −2, … → 0, 1, 2, 3, 4. */
export function centricRank(line: number, centre: number): number {
  const offset = line - centre;
  return offset > 0 ? 2 * offset - 1 : -2 * offset;
}

/** Lines [0, acquired) sorted by distance from `centre`, the line above before the one below at equal distance. */
function centreOut(acquired: number, centre: number): number[] {
  return Array.from({ length: acquired }, (_, line) => line).sort(
    (a, b) => centricRank(a, centre) - centricRank(b, centre),
  );
}

/** Sizes of linear segments with echo c's segment holding `centre`, or undefined when none fits. */
function linearSegments(etl: number, c: number, acquired: number, centre: number, s: number) {
  // a = lines before echo c's segment: at most c·S, leaving at most (E − c)·S for the rest, and the centre
  // inside [a, a + S). Prefer the centre in the middle of its segment.
  const low = Math.max(0, acquired - (etl - c) * s, centre - s + 1);
  const high = Math.min(c * s, centre);
  if (low > high) return undefined;
  const before = Math.min(high, Math.max(low, centre - Math.floor(s / 2)));
  const own = Math.min(s, acquired - before);
  const after = acquired - before - own;
  const sizes: number[] = [];
  const spread = (total: number, count: number): void => {
    for (let i = 0; i < count; i++)
      sizes.push(Math.floor(((i + 1) * total) / count) - Math.floor((i * total) / count));
  };
  spread(before, c);
  sizes.push(own);
  spread(after, etl - 1 - c);
  return sizes;
}

/**
 * The layout of a train of `etl` echoes with the effective TE on echo `centreEcho` over a centred k-space of
 * `phaseCount` rows of which lines [0, acquired) are read (partial Fourier reads fewer; recon/partialFourier.ts).
 */
export function echoTrainLayout(
  etl: number,
  centreEcho: number,
  phaseCount: number,
  acquired: number,
): EchoTrainLayout {
  if (!(Number.isInteger(etl) && etl >= 1))
    throw new RangeError(`echo train length ${etl} is not a positive integer`);
  const echoOfLine = new Int32Array(phaseCount).fill(-1);
  const centre = Math.floor(phaseCount / 2);
  const s = Math.ceil(acquired / etl);
  const c = Math.min(etl - 1, Math.max(0, centreEcho));
  if (c > 0) {
    const sizes = linearSegments(etl, c, acquired, centre, s);
    if (sizes) {
      let line = 0;
      sizes.forEach((size, echo) => {
        for (let i = 0; i < size; i++) echoOfLine[line++] = echo;
      });
      return withShots('linear', echoOfLine, c, centre);
    }
  }
  // Echo c, then the echoes on its shorter side of the train moving away from it, then those on the longer side
  // moving away from it, filling centre-out bands of S lines (each band split evenly on both sides).
  const later = Array.from({ length: etl - 1 - c }, (_, i) => c + 1 + i);
  const earlier = Array.from({ length: c }, (_, i) => c - 1 - i);
  const echoes = [c, ...(later.length <= earlier.length ? [...later, ...earlier] : [...earlier, ...later])];
  centreOut(acquired, centre).forEach((line, rank) => {
    echoOfLine[line] = echoes[Math.floor(rank / s)] ?? etl - 1;
  });
  return withShots(c === 0 ? 'centric' : 'centred', echoOfLine, c, centre);
}

/** The layout with each line's shot: its place among the lines of its echo (see `shotOfLine`). */
function withShots(
  ordering: EchoTrainOrdering,
  echoOfLine: Int32Array,
  centreEcho: number,
  centre: number,
): EchoTrainLayout {
  const shotOfLine = new Int32Array(echoOfLine.length).fill(-1);
  const lines = Array.from({ length: echoOfLine.length }, (_, line) => line);
  if (ordering === 'centric') lines.sort((a, b) => centricRank(a, centre) - centricRank(b, centre));
  const next = new Map<number, number>();
  let shots = 0;
  for (const line of lines) {
    const echo = echoOfLine[line] as number;
    if (echo < 0) continue;
    const shot = next.get(echo) ?? 0;
    shotOfLine[line] = shot;
    next.set(echo, shot + 1);
    shots = Math.max(shots, shot + 1);
  }
  return { ordering, echoOfLine, shotOfLine, centreEcho, shots };
}
