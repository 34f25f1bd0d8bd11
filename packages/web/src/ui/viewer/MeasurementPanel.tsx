/** The viewer's measurement table with the one-click SNR and CNR buttons. */
import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { cnrOf, snrOf, type MeasurementRow, type RatioResult } from './measurements.ts';
import { formatLength, type ViewerDistanceUnit } from './series.ts';

const KIND_LABEL = { ellipse: 'Ellipse', rectangle: 'Rectangle', length: 'Length' } as const;

/** The one-click ratios over the measurements of the shown slice. */
const RATIOS = [
  { name: 'SNR', of: snrOf },
  { name: 'CNR', of: cnrOf },
] as const;

function fmt(value: number): string {
  return String(Number(value.toPrecision(4)));
}

export function MeasurementPanel(props: {
  rows: readonly MeasurementRow[];
  sliceIndex: number;
  distanceUnit: ViewerDistanceUnit;
  onRemove: (uid: string) => void;
}) {
  const [ratio, setRatio] = useState<{ name: 'SNR' | 'CNR'; result: RatioResult } | null>(null);
  const { rows, sliceIndex } = props;
  return (
    <Stack gap="xs" data-testid="measurements">
      <Group gap="xs">
        {RATIOS.map(({ name, of }) => (
          <Button
            key={name}
            size="xs"
            variant="default"
            onClick={() => setRatio({ name, result: of(rows, sliceIndex) })}
          >
            {name}
          </Button>
        ))}
      </Group>
      {ratio && (
        <Text size="sm" role="status" data-testid="ratio-result">
          {ratio.result.ok
            ? `${ratio.name} = ${ratio.result.value.toFixed(1)} (${ratio.result.explanation})`
            : ratio.result.reason}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No measurements yet: choose Ellipse, Rectangle or Length and drag on the image.
        </Text>
      ) : (
        <Table striped fz="xs" aria-label="Measurements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Measurement</Table.Th>
              <Table.Th>Slice</Table.Th>
              <Table.Th>Mean</Table.Th>
              <Table.Th>SD</Table.Th>
              <Table.Th>Min</Table.Th>
              <Table.Th>Max</Table.Th>
              <Table.Th>Area / length</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr
                key={row.uid}
                data-testid="measurement-row"
                data-uid={row.uid}
                data-region={row.region && JSON.stringify(row.region)}
                data-mean={row.stats?.mean}
                data-sd={row.stats?.sd}
              >
                <Table.Td>{`${KIND_LABEL[row.kind]} ${i + 1}`}</Table.Td>
                <Table.Td>{row.sliceIndex + 1}</Table.Td>
                <Table.Td data-field="mean">{row.stats ? fmt(row.stats.mean) : '—'}</Table.Td>
                <Table.Td data-field="sd">{row.stats ? fmt(row.stats.sd) : '—'}</Table.Td>
                <Table.Td>{row.stats ? fmt(row.stats.min) : '—'}</Table.Td>
                <Table.Td>{row.stats ? fmt(row.stats.max) : '—'}</Table.Td>
                <Table.Td>
                  {row.stats
                    ? `${fmt(row.stats.areaMm2)} mm²`
                    : row.lengthMm !== undefined
                      ? formatLength(row.lengthMm, props.distanceUnit)
                      : '—'}
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Remove ${KIND_LABEL[row.kind]} ${i + 1}`}
                    onClick={() => props.onRemove(row.uid)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
