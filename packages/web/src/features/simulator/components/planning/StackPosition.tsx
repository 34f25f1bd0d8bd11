/**
 * The Geometry card's stack position: centre in patient LPS [mm], in-plane rotation [°] and the tilts about the
 * stack's row and column [°, ±45°: an oblique stack, docs/conventions.md "Oblique stacks"], typed here or planned
 * on the localisers; both go through the same editor action, so each follows the other. A value out of range is
 * kept on screen with the field's message (and the conflict list's), as every parameter field does.
 */
import { SimpleGrid } from '@mantine/core';
import { SLICE_TILT_MAX, type SliceGeometry } from '@larmor/mri';
import { NumberField } from '#ui/NumberField.tsx';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';

const AXES = ['L', 'P', 'H'] as const;
const round1 = (value: number) => Math.round(value * 10) / 10;
const TILT_MAX_DEG = Math.round((SLICE_TILT_MAX * 180) / Math.PI);
const TILTS = [
  { key: 'tiltAboutRow', name: 'tilt-row', label: 'Tilt about row' },
  { key: 'tiltAboutColumn', name: 'tilt-column', label: 'Tilt about column' },
] as const;

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
      {TILTS.map((tilt) => (
        <NumberField
          key={tilt.key}
          name={tilt.name}
          label={tilt.label}
          unit="°"
          value={round1(((geometry[tilt.key] ?? 0) * 180) / Math.PI)}
          min={-TILT_MAX_DEG}
          max={TILT_MAX_DEG}
          step={1}
          disabled={props.disabled}
          onChange={(v) => {
            if (typeof v !== 'number' || !Number.isFinite(v)) return;
            dispatch({ type: 'geometry', geometry: { ...geometry, [tilt.key]: (v * Math.PI) / 180 } });
          }}
        />
      ))}
    </SimpleGrid>
  );
}
