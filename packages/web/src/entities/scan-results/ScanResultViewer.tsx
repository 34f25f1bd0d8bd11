/**
 * A scan result's series in the shared viewer, with its loading and error states; `overlay` draws over the
 * image (the attempt pages' feedback drawings). A kept DWI scan's series (the scan itself, each b-value's trace,
 * the ADC map; issue 23.7) are picked above it.
 */
import { useState } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { SeriesViewer, type SeriesViewerProps } from '#ui/viewer/index.ts';
import { DiffusionSeriesPicker } from '#entities/series/DiffusionSeriesPicker.tsx';
import { useScanResultSeries } from './api/get-scan-result-series.ts';

export interface ScanResultViewerProps extends Omit<SeriesViewerProps, 'series'> {
  scanResultId: string;
  /** The series' name in the viewer's label and corner text. */
  description: string;
}

export function ScanResultViewer({ scanResultId, description, ...viewer }: ScanResultViewerProps) {
  const [diffusion, setDiffusion] = useState('');
  const itself = useScanResultSeries(scanResultId, description);
  const series = useScanResultSeries(scanResultId, description, diffusion);
  const picker = (
    <DiffusionSeriesPicker
      series={itself.data?.meta.diffusionSeries}
      value={diffusion}
      onChange={setDiffusion}
    />
  );
  if (series.error) return <ErrorAlert error={series.error} />;
  return (
    <Stack gap={6}>
      {picker}
      {series.data ? (
        <SeriesViewer series={series.data.series} {...viewer} />
      ) : (
        <Center h={viewer.height ?? 240} bg="black">
          <Loader aria-label={`Loading ${description}`} />
        </Center>
      )}
    </Stack>
  );
}
