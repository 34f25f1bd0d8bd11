/**
 * A line plot of sampled curves on one time axis (uPlot), with labelled vertical markers (TR, TE, a scan
 * delay). The canvas is drawn for sighted users; callers show the values that matter as text beside it, and the
 * figure carries an accessible name. Used by the tissue-characteristics and timing-bolus pages.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface CurveSeries {
  label: string;
  values: readonly number[];
  color: string;
  dash?: number[];
}

export interface CurveMarker {
  label: string;
  /** Position on the x axis, in its unit. */
  at: number;
  color: string;
}

export interface CurvePlotProps {
  /** Accessible name of the figure (what the plot shows). */
  title: string;
  xLabel: string;
  yLabel: string;
  x: readonly number[];
  series: readonly CurveSeries[];
  markers?: readonly CurveMarker[];
  width?: number;
  height?: number;
}

/** Colours with ≥ 3:1 contrast on white and on the dark theme's surface (WCAG 1.4.11, graphics). */
export const CURVE_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#c92a2a', '#5c7cfa', '#0c8599'];

function drawMarkers(markers: readonly CurveMarker[]) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    ctx.save();
    ctx.font = `${Math.round(12 * devicePixelRatio)}px sans-serif`;
    markers.forEach((m, i) => {
      const x = Math.round(u.valToPos(m.at, 'x', true));
      if (x < bbox.left || x > bbox.left + bbox.width) return;
      ctx.strokeStyle = m.color;
      ctx.fillStyle = m.color;
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.beginPath();
      ctx.moveTo(x, bbox.top);
      ctx.lineTo(x, bbox.top + bbox.height);
      ctx.stroke();
      // One label under the other, so markers at the same time stay readable.
      ctx.fillText(m.label, x + 4 * devicePixelRatio, bbox.top + (28 + 16 * i) * devicePixelRatio);
    });
    ctx.restore();
  };
}

export function CurvePlot(props: CurvePlotProps) {
  const host = useRef<HTMLDivElement>(null);
  const { title, xLabel, yLabel, x, series, markers = [], width = 560, height = 260 } = props;

  useEffect(() => {
    const element = host.current;
    if (element === null) return undefined;
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: true },
      cursor: { drag: { x: true, y: false } },
      axes: [{ label: xLabel }, { label: yLabel }],
      scales: { x: { time: false } },
      series: [
        { label: xLabel },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          ...(s.dash ? { dash: s.dash } : {}),
        })),
      ],
      hooks: { draw: [drawMarkers(markers)] },
    };
    const data: uPlot.AlignedData = [Float64Array.from(x), ...series.map((s) => Float64Array.from(s.values))];
    const plot = new uPlot(options, data, element);
    return () => plot.destroy();
  }, [x, series, markers, xLabel, yLabel, width, height]);

  return <div ref={host} role="img" aria-label={title} data-testid="curve-plot" />;
}
