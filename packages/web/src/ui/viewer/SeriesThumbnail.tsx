/**
 * A series' middle slice under its default window, drawn small (no Cornerstone: a list of them stays cheap), its
 * pixels at their physical shape (issue 20.8) within a `size` square.
 */
import { useEffect, useRef } from 'react';
import { Center } from '@mantine/core';
import { windowToGrey8 } from '@larmor/mri/recon';
import { paintGrey } from '../grey-canvas.ts';
import { fitInBox, physicalAspect } from '#lib/physical-size.ts';
import type { ViewerSeries } from './series.ts';

export function SeriesThumbnail(props: { series: ViewerSeries; size: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { series } = props;
  useEffect(() => {
    const element = canvas.current;
    const slice = series.slices[Math.floor(series.slices.length / 2)];
    if (!element || !slice) return;
    const { center, width } = series.window;
    const grey = windowToGrey8(slice.pixels, {
      center,
      width,
      low: center - width / 2,
      high: center + width / 2,
    });
    paintGrey(element, grey, series.columns, series.rows);
  }, [series]);
  const [rowSpacing, columnSpacing] = series.pixelSpacingMm;
  const fit = fitInBox(
    physicalAspect({ rows: series.rows, columns: series.columns, rowSpacing, columnSpacing }),
  );
  return (
    <Center w={props.size} h={props.size} style={{ flex: 'none', background: '#000', borderRadius: 4 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${series.description}, middle slice`}
        style={{
          width: (props.size * fit.widthPercent) / 100,
          height: (props.size * fit.heightPercent) / 100,
          display: 'block',
        }}
      />
    </Center>
  );
}
