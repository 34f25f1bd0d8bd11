/**
 * The simulator's guided tour (issue 12; issue 20.2): the screen's parts in the order a scan uses them, from
 * what the module asks through planning, running and viewing to submitting. Steps whose part is not on screen
 * (no sequence selected yet, no finished scan) are left out by `startTour`.
 */
import type { TourStep } from '#ui/product-tour.ts';

export const SIMULATOR_TOUR: readonly TourStep[] = [
  {
    element: '[data-tour="module-brief"]',
    title: 'What the module asks',
    description:
      'Open “Module instructions and objectives” to read the task and what each objective is worth before you scan.',
  },
  {
    element: '[data-tour="scan-list"]',
    title: 'Scan list',
    description: 'Add sequences from the module, pick one to edit it, and follow each scan’s status here.',
  },
  {
    element: '[data-tour="parameters"]',
    title: 'Parameters',
    description:
      'Console-style cards. Scan time, SNR and SAR update as you type; a conflict says what limits it and offers fixes.',
  },
  {
    element: '[data-testid="live-preview"]',
    title: 'Live preview',
    description:
      'The centre slice follows TE, TR, TI, flip angle, fat saturation and noise as you change them.',
  },
  {
    element: '[data-tour="planning"]',
    title: 'Planning',
    description:
      'Plan the slices on the localisers: drag the stack to move it, an edge to change the field of view or the coverage, and the round handle to rotate it.',
  },
  {
    element: '[data-tour="run"]',
    title: 'Running',
    description:
      'Run scans exactly the protocol on screen. The chip shows the scan’s state and its progress; Cancel stops it.',
  },
  {
    element: '[data-tour="last-scan"]',
    title: 'Viewing',
    description:
      'The sequence’s last finished scan: scroll through its slices, drag to change window and level, and open the image viewer from Tools to measure and compare series.',
  },
  {
    element: '[data-tour="scanner-settings"]',
    title: 'Settings',
    description: 'Field strength, gradients, noise and the other simulation settings.',
  },
  {
    element: '[data-tour="status"]',
    title: 'Scanner status',
    description: 'What the scanner is doing, and the running scan’s progress.',
  },
  {
    element: '[data-tour="save-close"]',
    title: 'Submitting',
    description:
      'When a series shows what the objectives ask, Save and close, then open “Your attempt: submit and feedback” on the module page: choose your series, answer any question and submit for automatic feedback at once.',
  },
];
