/**
 * The guided tour runs on driver.js, bundled with the app and loaded on first use: nothing comes from the
 * internet. A failed load shows the generic 'Could not load' error and the next click tries again (§8).
 */
import { toast } from './toast.ts';

export interface TourStep {
  /** CSS selector of the element the step points at. */
  element: string;
  title: string;
  description: string;
}

export async function startTour(steps: readonly TourStep[]): Promise<void> {
  try {
    const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
    const present = steps.filter((s) => document.querySelector(s.element) !== null);
    driver({
      showProgress: true,
      steps: present.map((s) => ({
        element: s.element,
        popover: { title: s.title, description: s.description },
      })),
    }).drive();
  } catch {
    toast.error('Could not load', { title: 'Guided tour' });
  }
}
