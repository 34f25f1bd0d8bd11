/**
 * What a failed check points the student at (issue 20.3): the parameters to change, in the console's words with
 * their knowledge-base places (contracts `ADJUSTABLE_HELP`), and the article that teaches the check
 * (`OBJECTIVE_HELP`). A "diagnose and fix" check names its artifact's article only once the answer names the
 * artifact, so the link never gives the answer away.
 */
import type { CheckResult, Objective, PlantedArtifact } from '@larmor/contracts';
import {
  ADJUSTABLE_HELP,
  ARTIFACT_HELP,
  KNOWLEDGE_BASE_CATEGORY_TITLES,
  KNOWLEDGE_BASE_PATH,
  knowledgeBaseHref,
  knowledgeBaseTitle,
  OBJECTIVE_HELP,
  SEQUENCE_FAMILY_HELP,
  type KnowledgeBaseLink,
} from '@larmor/contracts/knowledge-base';
import type { ObjectiveResult } from '@larmor/mri/grade';

/** The article of each artifact a module may plant. */
const PLANTED_ARTIFACT_HELP: Record<PlantedArtifact, KnowledgeBaseLink> = {
  wrap: ARTIFACT_HELP.aliasing,
  chemicalShift: ARTIFACT_HELP.chemicalShift,
  motion: ARTIFACT_HELP.motion,
  susceptibility: ARTIFACT_HELP.susceptibility,
  gibbs: ARTIFACT_HELP.truncation,
};

const linkTo = (link: KnowledgeBaseLink) => ({
  title: knowledgeBaseTitle(link.slug),
  href: knowledgeBaseHref(link),
});

/** The article that teaches `objective` as decided (family: the decided series' sequence, if any). */
function learnMoreOf(
  objective: Objective,
  result: ObjectiveResult,
  family: string | undefined,
): CheckResult['learnMore'] {
  if (objective.kind === 'diagnoseFix') {
    if (result.adjust.includes('answer'))
      return { title: KNOWLEDGE_BASE_CATEGORY_TITLES.artifacts, href: KNOWLEDGE_BASE_PATH };
    return linkTo(PLANTED_ARTIFACT_HELP[objective.artifact]);
  }
  if (objective.kind === 'sequenceFamily') {
    const first = objective.families[0];
    const link = first === undefined ? undefined : SEQUENCE_FAMILY_HELP[first];
    if (link) return linkTo(link);
  }
  // A null point is taught with the inversion-recovery sequence that sets it.
  if (result.adjust[0] === 'inversionTime' && family !== undefined && SEQUENCE_FAMILY_HELP[family])
    return linkTo(SEQUENCE_FAMILY_HELP[family]);
  const link = OBJECTIVE_HELP[objective.kind];
  return link === undefined ? null : linkTo(link);
}

/** The advice fields of a check result. */
export function adviceOf(
  objective: Objective,
  result: ObjectiveResult,
  family: string | undefined,
): Pick<CheckResult, 'change' | 'learnMore'> {
  const change = result.passed
    ? []
    : result.adjust.map((key) => {
        const help = ADJUSTABLE_HELP[key];
        return {
          key,
          label: help?.label ?? key,
          href: help?.link ? knowledgeBaseHref(help.link) : null,
        };
      });
  return { change, learnMore: learnMoreOf(objective, result, family) };
}
