/**
 * The accessibility check every story runs (issue "Accessibility and look"): axe-core with the WCAG 2.1 A and AA
 * rules on the page as the story left it; a serious or critical violation fails the story, naming the rule and
 * the elements, so the failure says what to fix.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rule sets of WCAG 2.1 levels A and AA (axe-core's tags). */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail a story; moderate and minor ones are reported by axe but do not fail. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  /** Each failing element: its selector, its HTML (shortened) and axe's summary of what is wrong. */
  targets: string[];
}

/** Runs axe on the page and answers its serious and critical WCAG 2.1 A/AA violations. */
export async function seriousViolations(page: Page): Promise<AccessibilityViolation[]> {
  const results = await new AxeBuilder({ page }).withTags([...WCAG_21_AA_TAGS]).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')}: ${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    }));
}

/** Fails with a readable list when the page has a serious or critical violation. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map(
    (violation) =>
      `- ${violation.rule} (${violation.impact}): ${violation.help}\n    ${violation.targets.slice(0, 12).join('\n    ')}`,
  );
  throw new Error(`${where} (${page.url()}) has accessibility violations:\n${lines.join('\n')}`);
}
