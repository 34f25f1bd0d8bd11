/**
 * The parts the seeded programs are written with (issue 24): a seeded module is a module as the API takes it
 * plus its reference scan, the protocol that passes every objective (seed-programs-solvable.test.ts scans it,
 * and the module's starting protocol, through the API). Sequence types are codes of contracts/sequence-types.ts;
 * model ids those of the module catalogue. Relaxation times quoted in the texts are typical values of
 * reference/tissue_properties.md; the IR null is TI = T1·ln(2/(1+e^(−TR/T1))) (reference/analytic_formulas.md).
 */
import type { CompetencyId, LabCreateInput, Spatials, StartingProtocol } from '@larmor/contracts';
import { knowledgeBaseTitle, KNOWLEDGE_BASE_ARTICLES } from '@larmor/contracts/knowledge-base';

/** The scan a module is solved with: one sequence type and its parameters (SI units: s, rad, m, Hz per pixel). */
export interface ReferenceScan {
  sequenceType: number;
  /** Parameters over the module's starting protocol for the type. */
  parameters: StartingProtocol['parameters'];
  /**
   * The scan's size when the objectives need more than the test's one 64 × 64 slice (a resolution or coverage
   * check); the starting protocol is scanned at the same size, so only the task differs.
   */
  size?: { matrixRead?: number; matrixPhase?: number; sliceCount?: number };
  /** Answers to the module's questions (a diagnose-and-fix objective's `questionId`). */
  answers?: Record<string, string>;
  /**
   * Session settings the scan needs beyond the module's presets, by configuration name (the timing-bolus
   * tool's `contrast_scan_delay` [s]); set before the reference scan, after the starting protocol's.
   */
  configuration?: Record<string, number>;
  /**
   * The slice stack the scan is planned with when the task is its plan (orientation, centre, tilts; LPS [m, rad]):
   * a planning module's solution is a stack, which no starting protocol carries (a new scan starts axial at the
   * isocentre, contracts `startingProtocolSchema`). Absent: the stack the scan starts with.
   */
  spatials?: Spatials;
}

/**
 * A typical wrong plan (issue 24, a module's solvable test): the mistake a student makes on the way, which must
 * fail objective `fails` with its teaching feedback (the objective's `feedbackFail`).
 */
export interface WrongPlan {
  /** What the mistake is, in words (the test names it). */
  mistake: string;
  parameters: StartingProtocol['parameters'];
  configuration?: Record<string, number>;
  /** The wrong stack, as `ReferenceScan.spatials`. */
  spatials?: Spatials;
  fails: string;
}

/**
 * The solution of a reading-only module (model 100001): its series are prepared from its starting protocols
 * (sequences/prepared.ts), nothing is scanned; the answers to its reading questions pass every objective.
 */
export interface ReadingReference {
  prepared: true;
  answers: Record<string, string>;
  /** A typical wrong reading, which must fail objective `fails` with its teaching feedback. */
  wrongReading?: { mistake: string; answers: Record<string, string>; fails: string };
}

export interface SeedModule {
  lab: LabCreateInput & { competencies: CompetencyId[] };
  reference: ReferenceScan | ReadingReference;
  wrongPlan?: WrongPlan;
}

/** Whether the module's solution is a scan (else the answers of a reading-only module). */
export const isScanned = (reference: ReferenceScan | ReadingReference): reference is ReferenceScan =>
  !('prepared' in reference);

export interface SeedCourse {
  title: string;
  description: string;
  modules: SeedModule[];
}

export interface SeedProgram {
  title: string;
  summary: string;
  description: string;
  courses: SeedCourse[];
}

export const MODEL = {
  brain: 1,
  knee: 2,
  spine: 4,
  abdomen: 5,
  brainTumourContrast: 202,
  kneeContrast: 207,
  /** The abdomen with its aorta and the timing-bolus tool (contracts TIMING_BOLUS_MODEL_ID). */
  timingBolus: 223,
} as const;

/** Sequence-type codes (contracts/sequence-types.ts). */
export const SEQ = {
  spoiledGre: 1,
  gre: 2,
  bssfp: 4,
  se: 5,
  tse: 6,
  greEpi: 7,
  seEpi: 8,
  mprage: 9,
  dixon: 10,
  flair: 11,
  dwi: 12,
  stir: 13,
  irSe: 14,
  swi: 15,
  t2StarGre: 16,
  t1Se: 20,
  pdTse: 21,
  t2Tse: 22,
  irTse: 26,
  seT2: 34,
} as const;

/**
 * Bloch modules scan 128 × 128 (issue 24.5): their reference scans finish within 10 s on the loaded 2-core
 * machine (docs/benchmarks.md, "Bloch modules' reference scans").
 */
export const BLOCH_MATRIX = { matrixRead: 128, matrixPhase: 128 };

export const degrees = (d: number): number => (d * Math.PI) / 180;

/**
 * Knowledge-base articles this content links to that the contents (contracts knowledge-base.ts) do not list
 * yet: written alongside (issue 24.4), by slug and title.
 */
const NEW_ARTICLES: Readonly<Record<string, string>> = {
  'flip-angle-and-ernst': 'Flip angle and the Ernst angle',
  snr: 'Signal-to-noise ratio',
  flow: 'Flow: ghosts, inflow and saturation',
  'safety-and-sar': 'Safety and SAR',
  planning: 'Planning: coverage and angulation',
  'contrast-enhancement': 'Contrast enhancement and timing',
  'field-strength': 'Field strength: 1.5 T and 3 T',
  'parallel-imaging': 'Parallel imaging',
  'proton-density': 'Proton-density weighting',
};

export type ArticleSlug = (typeof KNOWLEDGE_BASE_ARTICLES)[number]['slug'] | keyof typeof NEW_ARTICLES;

function articleTitle(slug: string): string {
  const listed = KNOWLEDGE_BASE_ARTICLES.find((a) => a.slug === slug);
  if (listed) return knowledgeBaseTitle(listed.slug);
  const title = NEW_ARTICLES[slug];
  if (title === undefined) throw new Error(`No knowledge-base article ${slug}`);
  return title;
}

/** The "Learn more" section of a module's instructions: Markdown links to the knowledge base. */
export function learnMore(slugs: readonly ArticleSlug[]): string {
  const links = slugs.map((slug) => `- [${articleTitle(slug)}](/knowledge-base/${slug})`);
  return `\n\n## Learn more\n${links.join('\n')}`;
}

/** The knowledge-base slugs a module's instructions link to (for tests and the competency map). */
export function linkedArticles(instructions: string): string[] {
  return [...instructions.matchAll(/\]\(\/knowledge-base\/([a-z0-9-]+)\)/g)].map((m) => m[1] ?? '');
}

/** A starting protocol list in one line per type. */
export const start = (
  ...list: [sequenceType: number, parameters: StartingProtocol['parameters']][]
): StartingProtocol[] => list.map(([sequenceType, parameters]) => ({ sequenceType, parameters }));
