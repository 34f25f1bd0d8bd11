/**
 * The series of a DWI scan (issue 23.7) to show in its viewport: the scan itself (its first b-value), each
 * b-value's trace and the ADC map, as the reconstructed images list them (`diffusionSeries`). Nothing for a scan
 * with one series.
 */
import { SegmentedControl } from '@mantine/core';
import type { ReconstructedImages } from '@larmor/contracts/sessions';

type DiffusionSeries = NonNullable<ReconstructedImages['diffusionSeries']>[number];

/** Its short label: "b=0", "b=1000 trace", "ADC". */
export function diffusionSeriesLabel(series: Pick<DiffusionSeries, 'name' | 'bValue'>): string {
  if (series.bValue === null) return 'ADC';
  return series.name === '' ? `b=${series.bValue}` : `b=${series.bValue} trace`;
}

export function DiffusionSeriesPicker(props: {
  series: readonly DiffusionSeries[] | undefined;
  /** The name of the series shown ('' the scan itself). */
  value: string;
  onChange: (name: string) => void;
}) {
  if (!props.series || props.series.length < 2) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Diffusion series"
      value={props.value}
      onChange={props.onChange}
      data={props.series.map((s) => ({ value: s.name, label: diffusionSeriesLabel(s) }))}
    />
  );
}
