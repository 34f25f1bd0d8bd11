/**
 * Badge colours of the learning-content pages: dark shades, so white badge text keeps WCAG AA contrast (4.5:1)
 * in the light and the dark theme (Mantine's default teal.6 under white text is 3.9:1).
 */
export const BADGE_COLORS = {
  /** Enrolled, published. */
  success: 'teal.9',
  /** Free-plan content. */
  info: 'blue.9',
  /** Draft, by invitation, counts. */
  neutral: 'gray.7',
  /** Submitted after the due date. */
  late: 'red.9',
  /** Archived. */
  muted: 'dark.6',
} as const;
