/**
 * Display Options (simulator.md §2, §3): view mode Box View or Slice View (`slice_box_view` 1 = box), text on
 * viewers, intersections on the active viewer, tissues on hover and the ECG, each a 0/1 configuration flag of
 * the session (so they persist with it). Pure: read from the configuration, and the change of one option.
 */
import type { ConfigurationItem, SessionConfigurationName } from '@larmor/contracts/sessions';
import type { ViewerDistanceUnit } from '#ui/viewer/index.ts';
import { settingValue } from './configuration.ts';

export type PlanningView = 'box' | 'slice';

export interface DisplayOptions {
  view: PlanningView;
  textOnViewers: boolean;
  intersections: boolean;
  tissueOnHover: boolean;
  ecg: boolean;
}

/** The configuration flag behind each option. */
export const DISPLAY_OPTION_SETTINGS: Record<keyof DisplayOptions, SessionConfigurationName> = {
  view: 'slice_box_view',
  textOnViewers: 'text_on_viewers',
  intersections: 'active_intersections',
  tissueOnHover: 'show_tissue_hover',
  ecg: 'ecgGraph',
};

/** The options of a configuration; defaults as the server's (box view, text and intersections on). */
export function displayOptionsOf(configuration: readonly ConfigurationItem[]): DisplayOptions {
  const on = (key: keyof DisplayOptions, fallback: '0' | '1') =>
    settingValue(configuration, DISPLAY_OPTION_SETTINGS[key], fallback) === '1';
  return {
    view: on('view', '1') ? 'box' : 'slice',
    textOnViewers: on('textOnViewers', '1'),
    intersections: on('intersections', '1'),
    tissueOnHover: on('tissueOnHover', '0'),
    ecg: on('ecg', '0'),
  };
}

/** The configuration change that sets option `key` to `value`. */
export function displayOptionChange<K extends keyof DisplayOptions>(
  key: K,
  value: DisplayOptions[K],
): [SessionConfigurationName, 0 | 1] {
  const on = key === 'view' ? value === 'box' : value === true;
  return [DISPLAY_OPTION_SETTINGS[key], on ? 1 : 0];
}

/** What the image viewers take from the session: the corner text (Display Options) and the distance unit. */
export interface ViewerPreferences {
  textOnViewers: boolean;
  distanceUnit: ViewerDistanceUnit;
}

export function viewerPreferencesOf(configuration: readonly ConfigurationItem[]): ViewerPreferences {
  return {
    textOnViewers: displayOptionsOf(configuration).textOnViewers,
    distanceUnit: settingValue(configuration, 'distance_unit', 'mm') === 'cm' ? 'cm' : 'mm',
  };
}
