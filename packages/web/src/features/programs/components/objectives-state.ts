/**
 * The module form's objectives (issue 21.1), pure: a row per objective with what its inputs hold (strings for
 * numbers, in the units the labels give: s, mm, %, T, pixels), the parameters each kind of check has in words,
 * the messages of a row's mistakes, and the contract's `Objective` of a row. What the form does not edit
 * (partial credit, the words shown on a pass) is kept as stored. The server checks everything again.
 */
import {
  ADC_MAX_MM2_PER_S,
  LINE_COORDINATE_MAX_MM,
  objectiveSchema,
  OBJECTIVE_KIND_TITLES,
  OBJECTIVE_POINTS_MAX,
  READING_CHOICES_MAX,
  READING_CHOICES_MIN,
  SAR_OBJECTIVE_MAX_W_PER_KG,
  SIGNAL_RATIO_MAX,
  type Objective,
  type ObjectiveKind,
} from '@larmor/contracts/objectives';
import { tissueName } from '@larmor/mri/tissue';

/** A numeric parameter: its input's label and unit, its range, and the factor from input to stored value. */
interface NumberParam {
  type: 'number';
  name: string;
  label: string;
  unit: string;
  /** Smallest allowed; `above` true: the value must be greater than it. */
  min: number;
  above: boolean;
  max: number;
  /** Stored value per input value (a share in % is stored as a fraction: 0.01). */
  scale: number;
}
interface ChoiceParam {
  type: 'choice';
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}
interface TissueParam {
  type: 'tissue';
  name: string;
  label: string;
}
interface TextParam {
  type: 'text';
  name: string;
  label: string;
}
/** A point in patient coordinates typed as "x, y, z" [mm] (LPS: x right→left, y anterior→posterior, z feet→head). */
interface PointParam {
  type: 'point';
  name: string;
  label: string;
}
/** A list of short texts typed one per line (a reading question's choices). */
interface LinesParam {
  type: 'lines';
  name: string;
  label: string;
}
export type ObjectiveParam = NumberParam | ChoiceParam | TissueParam | TextParam | PointParam | LinesParam;

const num = (
  name: string,
  label: string,
  unit: string,
  max: number,
  above = true,
  scale = 1,
): NumberParam => ({
  type: 'number',
  name,
  label,
  unit,
  min: 0,
  above,
  max,
  scale,
});

/** A parameter picked among `options` ([stored value, label] pairs). */
const choice = (
  name: string,
  label: string,
  options: readonly (readonly [string, string])[],
): ChoiceParam => ({
  type: 'choice',
  name,
  label,
  options: options.map(([value, optionLabel]) => ({ value, label: optionLabel })),
});

/** Each kind's parameters in the order the form shows them (`sequenceFamily` picks families instead). */
export const OBJECTIVE_PARAMS: Readonly<Record<ObjectiveKind, readonly ObjectiveParam[]>> = {
  sequenceFamily: [],
  weighting: [
    choice('weighting', 'Weighting', [
      ['T1', 'T1-weighted'],
      ['T2', 'T2-weighted'],
      ['PD', 'Proton-density-weighted'],
      ['T2*', 'T2*-weighted'],
      ['diffusion', 'Diffusion-weighted'],
    ]),
  ],
  orientation: [
    choice('orientation', 'Slice orientation', [
      ['axial', 'Axial'],
      ['sagittal', 'Sagittal'],
      ['coronal', 'Coronal'],
    ]),
  ],
  phaseDirection: [
    choice('direction', 'Phase-encoding direction', [
      ['RL', 'Right–left'],
      ['AP', 'Anterior–posterior'],
      ['HF', 'Head–feet'],
    ]),
  ],
  scanTimeMax: [num('maxSeconds', 'Longest scan time', 's', 36_000)],
  inPlaneResolutionMax: [num('maxMm', 'Coarsest in-plane pixel', 'mm', 50)],
  sliceThicknessMax: [num('maxMm', 'Thickest slice', 'mm', 200)],
  coverage: [
    { type: 'tissue', name: 'tissue', label: 'Tissue to cover' },
    num('minFraction', 'Least share of it in the slices', '%', 100, true, 0.01),
  ],
  fatSuppression: [
    choice('required', 'Fat signal', [
      ['true', 'Fat must be suppressed'],
      ['false', 'Fat must not be suppressed'],
    ]),
  ],
  fieldStrength: [num('tesla', 'Field strength', 'T', 20)],
  snrMin: [
    { type: 'tissue', name: 'tissue', label: 'Tissue' },
    num('minSnr', 'Least signal-to-noise ratio in it', 'ratio', 10_000),
  ],
  contrastOrder: [
    { type: 'tissue', name: 'brighter', label: 'Brighter tissue' },
    { type: 'tissue', name: 'darker', label: 'Darker tissue' },
  ],
  noWrap: [],
  chemicalShiftMax: [num('maxPixels', 'Largest fat–water shift', 'pixels', 100, false)],
  noMotion: [],
  cnrMin: [
    { type: 'tissue', name: 'tissue', label: 'One tissue' },
    { type: 'tissue', name: 'otherTissue', label: 'The other tissue' },
    num('minCnr', 'Least contrast-to-noise ratio between them', 'ratio', 10_000),
  ],
  signalRatioMin: [
    { type: 'tissue', name: 'tissue', label: 'Brighter tissue' },
    { type: 'tissue', name: 'otherTissue', label: 'Tissue it is compared with' },
    num('minRatio', 'Least ratio of their mean signals', 'ratio', SIGNAL_RATIO_MAX),
  ],
  tissueNull: [
    { type: 'tissue', name: 'tissue', label: 'Tissue to null' },
    num('maxFraction', 'Most of its signal it may keep', '%', 100, true, 0.01),
  ],
  adcRange: [
    { type: 'tissue', name: 'tissue', label: 'Tissue' },
    num('minMm2PerS', 'Lowest ADC', '10⁻³ mm²/s', ADC_MAX_MM2_PER_S * 1e3, false, 1e-3),
    num('maxMm2PerS', 'Highest ADC', '10⁻³ mm²/s', ADC_MAX_MM2_PER_S * 1e3, true, 1e-3),
  ],
  sarMax: [num('maxWattsPerKg', 'Highest whole-body SAR', 'W/kg', SAR_OBJECTIVE_MAX_W_PER_KG)],
  angulation: [
    { type: 'text', name: 'line', label: 'Anatomical line (its name the student reads, e.g. AC–PC line)' },
    { type: 'point', name: 'fromMm', label: 'One end of the line' },
    { type: 'point', name: 'toMm', label: 'The other end' },
    num('maxDegrees', 'Largest angle between the line and the slices', '°', 90),
  ],
  gibbsMax: [num('maxPercent', 'Strongest ringing 5 mm from an edge', '% of the edge’s step', 100)],
  ghostMax: [num('maxPercent', 'Strongest motion ghosts', '% of the anatomy’s signal', 100)],
  distortionMax: [num('maxPixels', 'Largest shift at air–tissue interfaces', 'pixels', 100, false)],
  diagnoseFix: [
    choice('artifact', 'Planted artifact the student names and removes', [
      ['wrap', 'Wrap-around (aliasing)'],
      ['chemicalShift', 'Chemical shift'],
      ['motion', 'Motion ghosts'],
      ['susceptibility', 'Susceptibility'],
      ['gibbs', 'Gibbs ringing (truncation)'],
    ]),
    { type: 'text', name: 'questionId', label: 'Question id (the answer the student gives on submitting)' },
  ],
  readingAnswer: [
    { type: 'text', name: 'questionId', label: 'Question id (the answer the student gives on submitting)' },
    { type: 'text', name: 'prompt', label: 'Question the student reads' },
    { type: 'lines', name: 'choices', label: 'Choices the student picks from (one per line)' },
    {
      type: 'text',
      name: 'answer',
      label: 'Right answer (one of the choices, as typed; never shown to students)',
    },
  ],
};

/** The choices typed one per line: each line trimmed, blank lines left out. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Every kind, in the order the "Add an objective" picker offers them. */
export const OBJECTIVE_KINDS = Object.keys(OBJECTIVE_KIND_TITLES) as ObjectiveKind[];

export interface ObjectiveRow {
  /** The objective's id (kept when stored; new ones get `kind-n`). */
  id: string;
  kind: ObjectiveKind;
  title: string;
  points: string;
  mustPass: boolean;
  /** The teacher's words shown when the check fails (`feedbackFail`). */
  hint: string;
  /** Each parameter of OBJECTIVE_PARAMS as its input holds it. */
  params: Record<string, string>;
  /** `sequenceFamily`: the families any of which passes. */
  families: string[];
  /** The stored objective, for what the form does not edit. */
  stored: Objective | null;
}

const shown = (value: number): string => String(Math.round(value * 1e6) / 1e6);
/** How a point reads in its input: "x, y, z". */
const POINT_SEPARATOR = ', ';

/** The rows of stored objectives. */
export function objectiveRowsFrom(objectives: readonly Objective[]): ObjectiveRow[] {
  return objectives.map((o) => {
    const record = o as unknown as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const p of OBJECTIVE_PARAMS[o.kind]) {
      const value = record[p.name];
      if (p.type === 'number' && typeof value === 'number') params[p.name] = shown(value / p.scale);
      else if (p.type === 'point' && Array.isArray(value))
        params[p.name] = value.map((v) => shown(Number(v))).join(POINT_SEPARATOR);
      else if (p.type === 'lines' && Array.isArray(value)) params[p.name] = value.map(String).join('\n');
      else params[p.name] = String(value ?? '');
    }
    return {
      id: o.id,
      kind: o.kind,
      title: o.title ?? '',
      points: String(o.points),
      mustPass: o.mustPass === true,
      hint: o.feedbackFail ?? '',
      params,
      families: o.kind === 'sequenceFamily' ? [...o.families] : [],
      stored: o,
    };
  });
}

/** A new row of `kind` with an id unused in `rows`, worth one point. */
export function newObjectiveRow(rows: readonly ObjectiveRow[], kind: ObjectiveKind): ObjectiveRow {
  const ids = new Set(rows.map((r) => r.id));
  let n = 1;
  while (ids.has(`${kind}-${n}`)) n++;
  const params: Record<string, string> = {};
  const questionId = kind === 'readingAnswer' ? 'reading' : 'artifact';
  for (const p of OBJECTIVE_PARAMS[kind]) params[p.name] = p.name === 'questionId' ? questionId : '';
  return {
    id: `${kind}-${n}`,
    kind,
    title: '',
    points: '1',
    mustPass: false,
    hint: '',
    params,
    families: [],
    stored: null,
  };
}

/** What the module offers a row is checked against: the model's tissue keys, the offered sequence families. */
export interface ObjectiveContext {
  tissues: readonly string[] | undefined;
  families: readonly string[];
}

const numberOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '' || !/^-?\d*\.?\d+(e-?\d+)?$/i.test(trimmed)) return null;
  return Number(trimmed);
};

/** The three coordinates of a point typed as "x, y, z" (commas or spaces between), or null. */
export function pointOf(text: string): [number, number, number] | null {
  const parts = text.split(/[\s,;]+/).filter((t) => t !== '');
  if (parts.length !== 3) return null;
  const values = parts.map(numberOf);
  const [x, y, z] = values;
  if (x == null || y == null || z == null) return null;
  return [x, y, z];
}

function pointError(p: PointParam, text: string): string | undefined {
  const point = pointOf(text);
  const rule = `three numbers x, y, z in mm, each from −${LINE_COORDINATE_MAX_MM} to ${LINE_COORDINATE_MAX_MM}`;
  if (point === null || point.some((v) => Math.abs(v) > LINE_COORDINATE_MAX_MM)) return `${p.label}: ${rule}`;
  return undefined;
}

function linesError(p: LinesParam, text: string): string | undefined {
  const lines = linesOf(text);
  const range = `${READING_CHOICES_MIN} to ${READING_CHOICES_MAX} different choices`;
  if (lines.length < READING_CHOICES_MIN || lines.length > READING_CHOICES_MAX) return `${p.label}: ${range}`;
  if (new Set(lines).size !== lines.length) return `${p.label}: ${range}; one appears twice`;
  return undefined;
}

function numberError(p: NumberParam, text: string): string | undefined {
  const value = numberOf(text);
  const range = `${p.above ? 'above' : 'from'} ${p.min} up to ${p.max} ${p.unit}`;
  if (value === null) return `${p.label}: a number ${range}`;
  if (value > p.max || (p.above ? value <= p.min : value < p.min)) return `${p.label}: ${range}`;
  return undefined;
}

/** The mistakes of one row: field (`points`, `hint`, a parameter's name, `families`) → message. */
export function objectiveRowErrors(row: ObjectiveRow, context: ObjectiveContext): Record<string, string> {
  const errors: Record<string, string> = {};
  const points = numberOf(row.points);
  if (points === null || points < 0 || points > OBJECTIVE_POINTS_MAX)
    errors['points'] = `Points: a number from 0 to ${OBJECTIVE_POINTS_MAX}`;
  for (const p of OBJECTIVE_PARAMS[row.kind]) {
    const text = row.params[p.name] ?? '';
    let error: string | undefined;
    if (p.type === 'number') error = numberError(p, text);
    else if (p.type === 'point') error = pointError(p, text);
    else if (p.type === 'lines') error = linesError(p, text);
    else if (text.trim() === '') error = `${p.label}: pick one`;
    else if (p.type === 'tissue' && context.tissues && !context.tissues.includes(text))
      error = `${p.label}: the anatomical model has no ${tissueName(text)}`;
    if (error !== undefined) errors[p.name] = error;
  }
  if (
    row.kind === 'contrastOrder' &&
    row.params['brighter'] !== '' &&
    row.params['brighter'] === row.params['darker']
  )
    errors['darker'] = 'The brighter and the darker tissue must differ';
  Object.assign(errors, crossFieldErrors(row, errors));
  if (row.kind === 'sequenceFamily') {
    if (row.families.length === 0) errors['families'] = 'Pick at least one sequence type';
    else if (context.families.length > 0 && !row.families.some((f) => context.families.includes(f)))
      errors['families'] = 'The module offers none of these sequence types';
  }
  return errors;
}

/** Mistakes between two of a row's own fields (each field fine alone), in the contract's words. */
function crossFieldErrors(row: ObjectiveRow, fieldErrors: Record<string, string>): Record<string, string> {
  const at = (name: string) => row.params[name] ?? '';
  const bothFine = (a: string, b: string) => !(a in fieldErrors) && !(b in fieldErrors);
  if (row.kind === 'cnrMin' && bothFine('tissue', 'otherTissue') && at('tissue') === at('otherTissue'))
    return { otherTissue: 'The two tissues of a contrast-to-noise check must differ' };
  if (
    row.kind === 'signalRatioMin' &&
    bothFine('tissue', 'otherTissue') &&
    at('tissue') === at('otherTissue')
  )
    return { otherTissue: 'The two tissues of a signal ratio check must differ' };
  if (
    row.kind === 'adcRange' &&
    bothFine('minMm2PerS', 'maxMm2PerS') &&
    Number(at('minMm2PerS')) >= Number(at('maxMm2PerS'))
  )
    return { maxMm2PerS: 'The lowest ADC must be below the highest' };
  if (
    row.kind === 'readingAnswer' &&
    bothFine('choices', 'answer') &&
    !linesOf(at('choices')).includes(at('answer').trim())
  )
    return { answer: 'The right answer must be one of the choices' };
  if (row.kind === 'angulation' && bothFine('fromMm', 'toMm')) {
    const from = pointOf(at('fromMm'));
    const to = pointOf(at('toMm'));
    if (from && to && from.every((v, i) => v === to[i]))
      return { toMm: 'The two ends of the anatomical line must differ' };
  }
  return {};
}

/** The objective a row stands for, or null while it has mistakes the schema refuses. */
export function objectiveOf(row: ObjectiveRow): Objective | null {
  // What the form does not edit (partial credit, the words shown on a pass) comes from the stored objective.
  const kept = row.stored?.kind === row.kind ? row.stored : {};
  const body: Record<string, unknown> = { ...kept, kind: row.kind, id: row.id, points: numberOf(row.points) };
  const title = row.title.trim();
  if (title === '') delete body['title'];
  else body['title'] = title;
  if (row.mustPass) body['mustPass'] = true;
  else delete body['mustPass'];
  if (row.hint.trim() === '') delete body['feedbackFail'];
  else body['feedbackFail'] = row.hint.trim();
  for (const p of OBJECTIVE_PARAMS[row.kind]) {
    const text = row.params[p.name] ?? '';
    if (p.type === 'number') {
      const value = numberOf(text);
      body[p.name] = value === null ? null : value * p.scale;
    } else if (p.type === 'point') body[p.name] = pointOf(text);
    else if (p.type === 'lines') body[p.name] = linesOf(text);
    else if (p.name === 'required') body[p.name] = text === 'true';
    else body[p.name] = text.trim();
  }
  if (row.kind === 'sequenceFamily') body['families'] = row.families;
  const parsed = objectiveSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The objectives of the rows that stand for one (the form refuses to save while a row has mistakes). */
export function objectivesOf(rows: readonly ObjectiveRow[]): Objective[] {
  return rows.map(objectiveOf).filter((o): o is Objective => o !== null);
}
