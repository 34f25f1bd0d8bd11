/**
 * The shared series viewer, loaded on first use (Cornerstone3D is ~830 kB gzipped, so it stays out of every
 * page that does not show images). Lives in ui/ because the simulator, the image viewer and the scan-result
 * pages all use it, and features do not import features.
 */
import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import type { SeriesViewerProps } from './series-viewer-props.ts';

const Impl = lazy(async () => ({ default: (await import('./SeriesViewerImpl.tsx')).SeriesViewerImpl }));

export function SeriesViewer(props: SeriesViewerProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 240} bg="black">
          <Loader aria-label="Loading the image viewer" />
        </Center>
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}
