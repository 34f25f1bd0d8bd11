/**
 * A module's objectives against the rest of the module (issue 21): what the schema cannot see. A tissue a check
 * names must be one the anatomical model holds (the grader finds it by its labels), a contrast order compares
 * two different tissues, and a sequence-type check asks for a family the module lets the student add. Each
 * problem is a `{field: rule}` entry (`objectives.2.darker: 'distinct'`) with a sentence naming the objective.
 */
import { objectiveTitle, type Objective } from '@larmor/contracts';
import { tissueName } from '@larmor/mri/tissue';
import { familyOf } from '../../sequences/protocol.ts';

/** One problem of one objective: its field, rule and words. */
export interface ObjectiveProblem {
  field: string;
  rule: string;
  message: string;
}

/**
 * The tissue fields of a check that finds its tissues by the model's labels, with their keys (`tissueNull`
 * reads its tissue's T1 from the library, not the images, and needs none in the model).
 */
function tissueFields(objective: Objective): [field: string, key: string][] {
  switch (objective.kind) {
    case 'coverage':
    case 'snrMin':
    case 'adcRange':
      return [['tissue', objective.tissue]];
    case 'cnrMin':
    case 'signalRatioMin':
      return [
        ['tissue', objective.tissue],
        ['otherTissue', objective.otherTissue],
      ];
    case 'contrastOrder':
      return [
        ['brighter', objective.brighter],
        ['darker', objective.darker],
      ];
    default:
      return [];
  }
}

/** Every problem of `objectives` in a module of a model holding `tissues` that offers `sequenceTypes`. */
export function objectiveProblems(
  objectives: readonly Objective[],
  tissues: readonly string[],
  sequenceTypes: readonly number[],
): ObjectiveProblem[] {
  const problems: ObjectiveProblem[] = [];
  const offered = new Set(sequenceTypes.map(familyOf));
  for (const [index, objective] of objectives.entries()) {
    const name = `Objective ${index + 1} (${objectiveTitle(objective)})`;
    const at = (field: string) => `objectives.${index}.${field}`;
    for (const [field, key] of tissueFields(objective)) {
      if (!tissues.includes(key))
        problems.push({
          field: at(field),
          rule: 'tissue',
          message: `${name}: the anatomical model has no ${tissueName(key)}`,
        });
    }
    if (objective.kind === 'contrastOrder' && objective.brighter === objective.darker)
      problems.push({
        field: at('darker'),
        rule: 'distinct',
        message: `${name}: the brighter and the darker tissue must differ`,
      });
    if (objective.kind === 'sequenceFamily' && sequenceTypes.length > 0) {
      const missing = objective.families.filter((f) => !offered.has(f));
      if (missing.length === objective.families.length)
        problems.push({
          field: at('families'),
          rule: 'not_offered',
          message: `${name}: the module offers no sequence of ${missing.join(', ')}`,
        });
    }
  }
  return problems;
}
