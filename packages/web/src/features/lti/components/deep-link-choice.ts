/**
 * The picker's radio values (issue 27.3): one string per choice, `module:<id>` or `program:<id>`, so one radio
 * group holds modules and whole programs.
 */
import type { LtiDeepLinkChoice, LtiDeepLinkRequest } from '@larmor/contracts/lti-deep-linking';

export const choiceValue = (choice: LtiDeepLinkChoice): string => `${choice.kind}:${choice.id}`;

/** The choice a radio value names, or null for none (nothing picked yet, or a value of no offered item). */
export function choiceOf(
  value: string | null,
  offered: LtiDeepLinkRequest['programs'],
): LtiDeepLinkChoice | null {
  if (value === null) return null;
  for (const program of offered) {
    if (value === choiceValue({ kind: 'program', id: program.id }))
      return { kind: 'program', id: program.id };
    for (const course of program.courses) {
      const module = course.modules.find((m) => value === choiceValue({ kind: 'module', id: m.id }));
      if (module !== undefined) return { kind: 'module', id: module.id };
    }
  }
  return null;
}

/** The title of what `choice` names, for the button and the status line. */
export function choiceTitle(choice: LtiDeepLinkChoice, offered: LtiDeepLinkRequest['programs']): string {
  for (const program of offered) {
    if (choice.kind === 'program' && program.id === choice.id) return program.title;
    for (const course of program.courses) {
      const module = course.modules.find((m) => m.id === choice.id);
      if (choice.kind === 'module' && module !== undefined) return module.title;
    }
  }
  return '';
}
