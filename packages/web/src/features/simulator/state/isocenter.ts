/**
 * The Set iso-center dialog's rules (simulator.md §4, §9), pure: choosing a whole-body height sets `isocenter`
 * [cm] and resets `selected_region` to 0; choosing a region sets `selected_region`. The current choice is read
 * back from the configuration.
 */
import {
  REGION_ISOCENTERS_CM,
  WHOLE_BODY_ISOCENTER_CHOICES_CM,
  type ConfigurationItem,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import { settingValue } from '#entities/session/configuration.ts';

export type IsocenterMode = 'whole-body' | 'regions';

export type IsocenterChoice = { kind: 'whole-body'; heightCm: number } | { kind: 'region'; regionId: number };

/** The default whole-body height [cm] (simulator.md §9). */
export const DEFAULT_ISOCENTER_CM = WHOLE_BODY_ISOCENTER_CHOICES_CM[0];

/** The configuration changes of a choice, in the order they are sent. */
export function isocenterChanges(choice: IsocenterChoice): [SessionConfigurationName, number][] {
  return choice.kind === 'whole-body'
    ? [
        ['isocenter', choice.heightCm],
        ['selected_region', 0],
      ]
    : [['selected_region', choice.regionId]];
}

/** The current choice: the selected region, or (region 0) the whole-body height. */
export function currentIsocenter(configuration: readonly ConfigurationItem[]): IsocenterChoice {
  const regionId = Number(settingValue(configuration, 'selected_region', '0'));
  if (regionId > 0) return { kind: 'region', regionId };
  return {
    kind: 'whole-body',
    heightCm: Number(settingValue(configuration, 'isocenter', String(DEFAULT_ISOCENTER_CM))),
  };
}

/** A region's label with its isocenter height, e.g. "Pelvis (88 cm)". */
export function regionLabel(name: string): string {
  const height = REGION_ISOCENTERS_CM[name];
  return height === undefined ? name : `${name} (${height} cm)`;
}

/** A key that changes whenever the session's isocentre does (the localisers are taken through it). */
export function isocentreKeyOf(configuration: readonly ConfigurationItem[]): string {
  const choice = currentIsocenter(configuration);
  return choice.kind === 'region' ? `region-${choice.regionId}` : `height-${choice.heightCm}`;
}
