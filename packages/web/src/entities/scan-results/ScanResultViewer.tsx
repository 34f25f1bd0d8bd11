/**
 * A scan result's series in the shared viewer, with its loading and error states; `overlay` draws over the
 * image (the attempt pages' feedback drawings).
 */
import { Center, Loader } from '@mantine/core';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { SeriesViewer, type SeriesViewerProps } from '#ui/viewer/index.ts';
import { useScanResultSeries } from './api/get-scan-result-series.ts';

export interface ScanResultViewerProps extends Omit<SeriesViewerProps, 'series'> {
  scanResultId: string;
  /** The series' name in the viewer's label and corner text. */
  description: string;
}

export function ScanResultViewer({ scanResultId, description, ...viewer }: ScanResultViewerProps) {
  const series = useScanResultSeries(scanResultId, description);
  if (series.error) return <ErrorAlert error={series.error} />;
  if (!series.data)
    return (
      <Center h={viewer.height ?? 240} bg="black">
        <Loader aria-label={`Loading ${description}`} />
      </Center>
    );
  return <SeriesViewer series={series.data} {...viewer} />;
}
