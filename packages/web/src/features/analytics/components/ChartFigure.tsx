/**
 * A chart with its text alternative: a figure whose caption is the section's title, the chart drawn for sighted
 * users as an image named by a one-sentence summary, and the same numbers as a table (WCAG 1.1.1). Recharts'
 * own keyboard layer is off: the table is the accessible, keyboard-reachable form of the data.
 */
import type { ReactNode } from 'react';
import { Box, Stack, Text } from '@mantine/core';

export function ChartFigure(props: { caption: string; summary: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Stack component="figure" gap="xs" m={0}>
      <Text component="figcaption" fw={600}>
        {props.caption}
      </Text>
      <Box role="img" aria-label={props.summary}>
        {props.chart}
      </Box>
      {props.table}
    </Stack>
  );
}

/**
 * Chart props shared by the analytics bar charts: drawn at once (no animation), no tooltip, and no Recharts keyboard
 * layer (the table is the alternative).
 */
export const ANALYTICS_BAR_CHART = {
  barProps: { isAnimationActive: false },
  withTooltip: false,
  barChartProps: { accessibilityLayer: false },
} as const;

/** The analytics bar charts with a horizontal bar per named row: the names get 140 px on the y axis. */
export const ROW_BAR_CHART = {
  ...ANALYTICS_BAR_CHART,
  orientation: 'vertical',
  yAxisProps: { width: 140 },
} as const;
