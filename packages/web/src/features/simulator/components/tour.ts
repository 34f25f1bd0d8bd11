/** The simulator's guided tour (issue 12): the screen's parts in the order a scan uses them. */
import type { TourStep } from '#ui/product-tour.ts';

export const SIMULATOR_TOUR: readonly TourStep[] = [
  {
    element: '[data-tour="scan-list"]',
    title: 'Scan list',
    description: 'Add sequences from the module, pick one to edit it, and follow each scan’s status here.',
  },
  {
    element: '[data-testid="live-preview"]',
    title: 'Live preview',
    description:
      'The centre slice follows TE, TR, TI, flip angle, fat saturation and noise as you change them.',
  },
  {
    element: '[data-tour="parameters"]',
    title: 'Parameters',
    description:
      'Console-style cards. Scan time, SNR and SAR update as you type; a conflict says what limits it and offers fixes.',
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
];
