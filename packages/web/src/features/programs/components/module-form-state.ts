/**
 * The module form's state and its conversion to the API body (pure): the form holds what inputs hold (strings
 * for numbers and local date-times), the body holds what labCreateSchema accepts. Presets and their locks
 * follow module-presets.ts, tissue overrides tissue-overrides-state.ts, starting protocols
 * starting-protocols-state.ts, objectives objectives-state.ts.
 */
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import type { LabPresetName, LabPresets, SimulatorBackend } from '@larmor/contracts/lab-presets';
import type { CompetencyId } from '@larmor/contracts/competencies';
import type { ObjectiveKind } from '@larmor/contracts/objectives';
import type { Lab, LabCreateInput } from '@larmor/contracts/programs';
import { presetErrors, prunePresets } from './module-presets.ts';
import {
  newObjectiveRow,
  objectiveRowErrors,
  objectiveRowsFrom,
  objectivesOf,
  type ObjectiveContext,
  type ObjectiveRow,
} from './objectives-state.ts';
import {
  keepOffered,
  setStartingValue,
  startingProtocolsOf,
  startingRowErrors,
  preparedSeriesOf,
  startingRowsFrom,
  type StartingField,
  type StartingRow,
} from './starting-protocols-state.ts';
import {
  newTissueRow,
  tissueOverridesOf,
  tissueRowErrors,
  tissueRowsFrom,
  type TissueOverrideRow,
  type TissueRowField,
} from './tissue-overrides-state.ts';

/** A preset's value as the form sets it (undefined: the simulator's default). */
export type PresetValue = LabPresets[LabPresetName];

export interface ModuleFormState {
  title: string;
  instructions: string;
  anatomicalModelId: number | null;
  backend: SimulatorBackend;
  /**
   * The sequence types a student may add; for a reading-only model (`readingOnly`, 100001) those of its prepared
   * series instead, sent as `startingProtocols` (each, set or not) with no `sequenceTypes`.
   */
  sequenceTypes: number[];
  /** The model shows prepared series only (model 100001). */
  readingOnly: boolean;
  estimatedDurationMin: string;
  attemptsAllowed: string;
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input holds it; '' for none. */
  availableFrom: string;
  dueAt: string;
  /** Whether a submission's automatic grade is released at once (issue 27.4). */
  releaseAutomaticGrade: boolean;
  presets: LabPresets;
  lockedPresets: LabPresetName[];
  tissueRows: TissueOverrideRow[];
  startingRows: StartingRow[];
  objectiveRows: ObjectiveRow[];
  /** The competencies the module assesses (issue 24.3). */
  competencies: CompetencyId[];
}

/** What the objectives form changes in one row. */
export type ObjectiveRowChange = Partial<
  Pick<ObjectiveRow, 'title' | 'points' | 'mustPass' | 'hint' | 'families'>
> & {
  params?: Record<string, string>;
};

export type ModuleFormAction =
  | {
      type: 'set';
      field: 'title' | 'instructions' | 'estimatedDurationMin' | 'attemptsAllowed';
      value: string;
    }
  | { type: 'set'; field: 'availableFrom' | 'dueAt'; value: string }
  | { type: 'releaseAutomaticGrade'; value: boolean }
  /** `model`: the picked model's options (presets and tissues it cannot have are dropped), when known. */
  | { type: 'model'; id: number | null; model?: AnatomicalModelOption | undefined }
  | { type: 'backend'; backend: SimulatorBackend }
  | { type: 'sequenceTypes'; codes: number[] }
  | { type: 'preset'; name: LabPresetName; value: PresetValue; model?: AnatomicalModelOption | undefined }
  | { type: 'lock'; name: LabPresetName; locked: boolean }
  | { type: 'addTissue' }
  | { type: 'removeTissue'; id: number }
  | { type: 'tissue'; id: number; field: TissueRowField; value: string }
  | { type: 'starting'; sequenceType: number; field: StartingField; value: string }
  | { type: 'addObjective'; kind: ObjectiveKind }
  | { type: 'removeObjective'; id: string }
  | { type: 'objective'; id: string; change: ObjectiveRowChange }
  | { type: 'competencies'; ids: CompetencyId[] };

export const EMPTY_MODULE_FORM: ModuleFormState = {
  title: '',
  instructions: '',
  anatomicalModelId: null,
  backend: 'cpusim',
  sequenceTypes: [],
  readingOnly: false,
  estimatedDurationMin: '',
  attemptsAllowed: '',
  availableFrom: '',
  dueAt: '',
  releaseAutomaticGrade: false,
  presets: {},
  lockedPresets: [],
  tissueRows: [],
  startingRows: [],
  objectiveRows: [],
  competencies: [],
};

export function moduleFormReducer(state: ModuleFormState, action: ModuleFormAction): ModuleFormState {
  switch (action.type) {
    case 'set':
      return { ...state, [action.field]: action.value };
    case 'model': {
      if (action.model === undefined) return { ...state, anatomicalModelId: action.id };
      const tissues = new Set(action.model.tissues);
      return {
        ...state,
        anatomicalModelId: action.id,
        readingOnly: action.model.readingOnly,
        ...prunePresets(state.presets, state.lockedPresets, action.model),
        tissueRows: state.tissueRows.filter((r) => r.tissue === '' || tissues.has(r.tissue)),
      };
    }
    case 'backend':
      return { ...state, backend: action.backend };
    case 'releaseAutomaticGrade':
      return { ...state, releaseAutomaticGrade: action.value };
    case 'sequenceTypes':
      return {
        ...state,
        sequenceTypes: [...action.codes].sort((a, b) => a - b),
        startingRows: keepOffered(state.startingRows, action.codes),
      };
    case 'preset': {
      const { [action.name]: _previous, ...others } = state.presets;
      const presets: LabPresets =
        action.value === undefined ? others : { ...others, [action.name]: action.value };
      // A locked preset needs a value: clearing the value unlocks it; values that no longer apply (another
      // motion type, contrast off) go with their locks.
      return { ...state, ...prunePresets(presets, state.lockedPresets, action.model) };
    }
    case 'lock': {
      if (action.locked && state.presets[action.name] === undefined) return state;
      const others = state.lockedPresets.filter((n) => n !== action.name);
      return { ...state, lockedPresets: action.locked ? [...others, action.name] : others };
    }
    case 'addTissue':
      return { ...state, tissueRows: [...state.tissueRows, newTissueRow(state.tissueRows)] };
    case 'removeTissue':
      return { ...state, tissueRows: state.tissueRows.filter((r) => r.id !== action.id) };
    case 'tissue':
      return {
        ...state,
        tissueRows: state.tissueRows.map((r) =>
          r.id === action.id ? { ...r, [action.field]: action.value } : r,
        ),
      };
    case 'starting':
      return {
        ...state,
        startingRows: setStartingValue(state.startingRows, action.sequenceType, action.field, action.value),
      };
    case 'addObjective':
      return {
        ...state,
        objectiveRows: [...state.objectiveRows, newObjectiveRow(state.objectiveRows, action.kind)],
      };
    case 'removeObjective':
      return { ...state, objectiveRows: state.objectiveRows.filter((r) => r.id !== action.id) };
    case 'objective':
      return {
        ...state,
        objectiveRows: state.objectiveRows.map((r) =>
          r.id === action.id
            ? { ...r, ...action.change, params: { ...r.params, ...(action.change.params ?? {}) } }
            : r,
        ),
      };
    case 'competencies':
      return { ...state, competencies: [...new Set(action.ids)] };
  }
}

/** A local date-time input value ('2026-12-05T09:30') as an ISO timestamp, or null for ''. */
export function localInputToIso(value: string): string | null {
  if (value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** An ISO timestamp as a local date-time input value, or '' for null. */
export function isoToLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function wholeNumberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The form of a stored module. */
export function moduleFormFromLab(lab: Lab): ModuleFormState {
  return {
    title: lab.title,
    instructions: lab.instructions,
    anatomicalModelId: lab.anatomicalModelId,
    backend: lab.backend,
    // A reading-only module's types are those of its prepared series (its starting protocols).
    sequenceTypes: lab.readingOnly
      ? lab.startingProtocols.map((p) => p.sequenceType)
      : [...lab.sequenceTypes],
    readingOnly: lab.readingOnly,
    estimatedDurationMin: lab.estimatedDurationMin === null ? '' : String(lab.estimatedDurationMin),
    attemptsAllowed: lab.attemptsAllowed === null ? '' : String(lab.attemptsAllowed),
    availableFrom: isoToLocalInput(lab.availableFrom),
    dueAt: isoToLocalInput(lab.dueAt),
    releaseAutomaticGrade: lab.releaseAutomaticGrade,
    presets: { ...lab.presets },
    lockedPresets: [...lab.lockedPresets],
    tissueRows: tissueRowsFrom(lab.tissueOverrides),
    startingRows: startingRowsFrom(lab.startingProtocols),
    objectiveRows: objectiveRowsFrom(lab.objectives),
    competencies: [...lab.competencies],
  };
}

/**
 * What the form must have before it is sent (the server checks everything again): field → message. `context`:
 * the model's tissues and the offered families the objectives are checked against (tissues unknown: not checked).
 */
export function moduleFormErrors(
  state: ModuleFormState,
  context: ObjectiveContext = { tissues: undefined, families: [] },
): Partial<Record<keyof ModuleFormState, string>> {
  const errors: Partial<Record<keyof ModuleFormState, string>> = {};
  if (state.objectiveRows.some((r) => Object.keys(objectiveRowErrors(r, context)).length > 0))
    errors.objectiveRows = 'An objective is not complete';
  if (Object.keys(presetErrors(state.presets)).length > 0) errors.presets = 'A preset value is out of range';
  if (tissueRowErrors(state.tissueRows).size > 0) errors.tissueRows = 'A tissue override is not valid';
  if (startingRowErrors(state.startingRows).length > 0)
    errors.startingRows = 'A starting value is not a positive number';
  if (state.title.trim() === '') errors.title = 'Title is required';
  if (state.anatomicalModelId === null) errors.anatomicalModelId = 'Pick an anatomical model';
  for (const field of ['estimatedDurationMin', 'attemptsAllowed'] as const) {
    const value = wholeNumberOrNull(state[field]);
    if (value !== null && (!Number.isInteger(value) || value < 1)) errors[field] = 'A whole number from 1';
  }
  const from = localInputToIso(state.availableFrom);
  const due = localInputToIso(state.dueAt);
  if (from !== null && due !== null && Date.parse(due) <= Date.parse(from)) {
    errors.dueAt = 'The due date must be after the available-from date';
  }
  return errors;
}

/** The body of POST v1/courses/{courseId}/modules and PATCH v1/modules/{labId}. */
export function moduleBody(state: ModuleFormState): LabCreateInput {
  return {
    title: state.title.trim(),
    instructions: state.instructions,
    anatomicalModelId: state.anatomicalModelId ?? 0,
    backend: state.backend,
    sequenceTypes: state.readingOnly ? [] : state.sequenceTypes,
    presets: state.presets,
    lockedPresets: state.lockedPresets,
    tissueOverrides: tissueOverridesOf(state.tissueRows),
    startingProtocols: state.readingOnly
      ? preparedSeriesOf(state.sequenceTypes, state.startingRows)
      : startingProtocolsOf(state.startingRows),
    estimatedDurationMin: wholeNumberOrNull(state.estimatedDurationMin),
    attemptsAllowed: wholeNumberOrNull(state.attemptsAllowed),
    availableFrom: localInputToIso(state.availableFrom),
    dueAt: localInputToIso(state.dueAt),
    releaseAutomaticGrade: state.releaseAutomaticGrade,
    objectives: objectivesOf(state.objectiveRows),
    competencies: state.competencies,
  };
}
