/**
 * The Geometry card's stack position: centre in patient LPS [mm] and in-plane rotation [°], typed here or
 * planned on the localisers; both go through the same editor action, so each follows the other.
 */
import { SimpleGrid } from '@mantine/core';
import type { SliceGeometry } from '@larmor/mri';
import { NumberField } from '#ui/NumberField.tsx';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';

const AXES = ['L', 'P', 'H'] as const;
const round1 = (value: number) => Math.round(value * 10) / 10;

export function StackPosition(props: {
  geometry: SliceGeometry;
  disabled?: boolean | undefined;
  dispatch: (action: ProtocolEditorAction) => void;
}) {
  const { geometry, dispatch } = props;
  return (
    <SimpleGrid cols={2} spacing="xs">
      {AXES.map((axis, i) => (
        <NumberField
          key={axis}
          name={`position-${axis}`}
          label={`Position ${axis}`}
          unit="mm"
          value={round1((geometry.center[i] ?? 0) * 1000)}
          step={1}
          showTooltip={false}
          disabled={props.disabled}
          onChange={(v) => {
            if (typeof v !== 'number' || !Number.isFinite(v)) return;
            const center: [number, number, number] = [...geometry.center];
            center[i] = v / 1000;
            dispatch({ type: 'geometry', geometry: { ...geometry, center } });
          }}
        />
      ))}
      <NumberField
        name="rotation"
        label="Rotation"
        unit="°"
        value={round1(((geometry.rotation ?? 0) * 180) / Math.PI)}
        min={-180}
        max={180}
        step={5}
        showTooltip={false}
        disabled={props.disabled}
        onChange={(v) => {
          if (typeof v !== 'number' || !Number.isFinite(v)) return;
          dispatch({ type: 'geometry', geometry: { ...geometry, rotation: (v * Math.PI) / 180 } });
        }}
      />
    </SimpleGrid>
  );
}
