import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { SliceGeometry } from '@larmor/mri';
import type { ProtocolEditorAction } from '../../state/protocol-editor.ts';
import { StackPosition } from './StackPosition.tsx';

/** The card over a geometry that follows its own `geometry` actions, as the editor's reducer does. */
function Card(props: { start: SliceGeometry; actions: ProtocolEditorAction[] }) {
  const [geometry, setGeometry] = useState(props.start);
  return (
    <StackPosition
      geometry={geometry}
      dispatch={(action) => {
        props.actions.push(action);
        if (action.type === 'geometry') setGeometry(action.geometry);
      }}
    />
  );
}

afterEach(cleanup);

describe("the Geometry card's tilt fields (SliceGeometry tiltAboutRow / tiltAboutColumn)", () => {
  it('shows each tilt in degrees and a typed tilt dispatches it in radians', () => {
    const actions: ProtocolEditorAction[] = [];
    render(
      <MantineProvider env="test">
        <Card
          start={{ orientation: 'axial', center: [0, 0, 0], tiltAboutColumn: (-7.5 * Math.PI) / 180 }}
          actions={actions}
        />
      </MantineProvider>,
    );
    const row = screen.getByRole('textbox', { name: /^Tilt about row/ });
    const column = screen.getByRole('textbox', { name: /^Tilt about column/ });
    expect([(row as HTMLInputElement).value, (column as HTMLInputElement).value]).toEqual(['0', '-7.5']);
    fireEvent.change(row, { target: { value: '12' } });
    const last = actions.at(-1);
    expect(last?.type === 'geometry' && last.geometry.tiltAboutRow).toBeCloseTo((12 * Math.PI) / 180, 12);
    expect(last?.type === 'geometry' && last.geometry.tiltAboutColumn).toBeCloseTo(
      (-7.5 * Math.PI) / 180,
      12,
    );
  });

  it('a tilt beyond ±45° stays on screen with the range message, as every parameter field does', () => {
    const actions: ProtocolEditorAction[] = [];
    render(
      <MantineProvider env="test">
        <Card start={{ orientation: 'sagittal', center: [0, 0, 0] }} actions={actions} />
      </MantineProvider>,
    );
    const column = screen.getByRole('textbox', { name: /^Tilt about column/ });
    fireEvent.change(column, { target: { value: '50' } });
    expect(screen.getByText('Higher than allowed maximum')).toBeTruthy();
    fireEvent.change(column, { target: { value: '45' } });
    expect(screen.queryByText('Higher than allowed maximum')).toBeNull();
  });
});
