/**
 * Larmor's visual identity as a Mantine theme (issue "Accessibility and look"): one brand colour, system fonts,
 * and shades chosen so that every text and control pair meets WCAG 2.1 AA (4.5:1 for text). Mantine's defaults
 * miss it in three places, each fixed here rather than page by page:
 * - filled controls and links use the primary colour's shade 6 (indigo 6 on white is 4.3:1): the primary shade is
 *   8 of the brand colour below;
 * - "dimmed" text is gray 6 (3.3:1 on white): it is gray 7 (8.2:1) in the light scheme and dark 1 in the dark one;
 * - the signal colours (teal, red, yellow …) write light badges and coloured text in shade 9 on shade 1 (yellow:
 *   2.8:1) and fill buttons with shade 8 under white text (teal: 4.0:1): those use shade 9 darkened by 30 %
 *   (every colour ≥ 4.7:1 on its shade-1 and shade-2 tints and on white);
 * - icon-only buttons (modal and toast close, pagination arrows) have no accessible name: they get one by default;
 * - loaders are live regions (role="status"), so their label is announced;
 * - links inside text are underlined, so they are not told apart by colour alone;
 * - menus hold nothing but their items, labels and dividers;
 * - the keyboard focus ring is `--larmor-focus-ring` (shell.css): the primary colour in the light scheme, the
 *   brand's shade 2 in the dark one, where the primary shade is 2.2:1 on the dark surfaces and WCAG 2.1 asks 3:1 of
 *   a focus indicator (shade 2: 8.9:1 on dark 7, 4.1:1 on a primary fill).
 */
import { createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { MODAL_BACKDROP_TRANSITION_MS, MODAL_TRANSITION_MS } from '@larmor/contracts/constants';

/**
 * The brand colour: a deep "reading-room" indigo, light to dark. Shade 8 is the primary shade (7.2:1 against white,
 * 6.4:1 against the shade-0 tint); shade 3 is the link colour on dark backgrounds (6.3:1); 0–1 are tints.
 */
const larmor: MantineColorsTuple = [
  '#eef1ff',
  '#dde3fb',
  '#b7c3f2',
  '#8fa2ea',
  '#6d86e3',
  '#5874df',
  '#4c6bde',
  '#3d5ac6',
  '#3450b1',
  '#27439d',
];

export const theme = createTheme({
  colors: { larmor },
  primaryColor: 'larmor',
  primaryShade: { light: 8, dark: 8 },
  // System fonts only: nothing is loaded from the internet.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  components: {
    Modal: {
      defaultProps: {
        transitionProps: { duration: MODAL_TRANSITION_MS },
        overlayProps: { transitionProps: { duration: MODAL_BACKDROP_TRANSITION_MS } },
        // Not just "Close": dialogs often have a "Close" button of their own in the footer.
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
    },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine writes a toast's text in gray 6 (3.3:1 on white).
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': PAGINATION_CONTROL_NAMES[control],
        }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
    Anchor: { defaultProps: { underline: 'always' } },
    // A loader's aria-label ("Loading") needs a role to be announced (axe: aria-prohibited-attr on a bare span).
    Loader: { defaultProps: { role: 'status' } },
    // The focus placeholder Mantine puts first in a menu is a focusable element without a role inside
    // role="menu" (axe: aria-required-children); without it the first item takes the focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

const PAGINATION_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** How much the signal colours' shade 9 is darkened for text and fills in the light scheme (see the top). */
const SIGNAL_DARKEN = 0.3;

/** The colours whose own shades already meet AA where Mantine uses them. */
const AA_BY_DEFAULT = new Set(['larmor', 'dark', 'gray']);

/** Text, badge and fill colours of the light scheme that meet AA for every colour of the theme. */
function signalColourVariables(colors: Record<string, readonly string[]>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const deepest = shades[9];
    if (AA_BY_DEFAULT.has(name) || deepest === undefined) continue;
    const readable = darken(deepest, SIGNAL_DARKEN);
    variables[`--mantine-color-${name}-text`] = readable;
    variables[`--mantine-color-${name}-light-color`] = readable;
    variables[`--mantine-color-${name}-filled`] = readable;
    variables[`--mantine-color-${name}-filled-hover`] = darken(deepest, SIGNAL_DARKEN + 0.1);
  }
  return variables;
}

/** Text colours that meet AA on the page backgrounds of each scheme. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...signalColourVariables(resolved.colors),
    '--larmor-focus-ring': 'var(--mantine-primary-color-filled)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-larmor-8)',
    // Input errors and invalid labels (Mantine's red 6 on white is 3.3:1): the AA red of the signal colours.
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
  dark: {
    '--larmor-focus-ring': 'var(--mantine-color-larmor-2)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-larmor-3)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
