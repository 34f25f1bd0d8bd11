/**
 * The simulator's three columns (scan list | images and planning | parameters), resizable with
 * react-resizable-panels: drag a separator, or focus it (Tab) and press the arrow keys. The layout is kept in
 * this browser (localStorage), so a student's arrangement survives the next session.
 */
import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { Box } from '@mantine/core';
import { localStore } from '#lib/storage.ts';

/** The layout's key in localStorage (the library prefixes it). */
export const SIMULATOR_COLUMNS_ID = 'simulator-columns';

/** A column's sizes [CSS px]: the scan list and the parameters keep theirs when the window changes width. */
const SCAN_LIST = { defaultSize: 280, minSize: 200, maxSize: 440 };
const WORKSPACE = { minSize: 320 };
const PARAMETERS = { defaultSize: 460, minSize: 380, maxSize: 720 };

/** A separator between two columns, named for screen readers and visible when focused. */
function ColumnSeparator(props: { label: string }) {
  return <Separator aria-label={props.label} className="larmor-column-separator" />;
}

/** One scrolling column. */
function Column(props: { children: ReactNode; label?: string; tour?: string; nav?: boolean }) {
  return (
    <Box
      component={props.nav ? 'nav' : 'section'}
      aria-label={props.label}
      data-tour={props.tour}
      h="100%"
      style={{ overflowY: 'auto' }}
    >
      {props.children}
    </Box>
  );
}

export function SimulatorColumns(props: {
  scanList: ReactNode;
  workspace: ReactNode;
  parameters: ReactNode;
}) {
  const layout = useDefaultLayout({ id: SIMULATOR_COLUMNS_ID, storage: localStore });
  return (
    <Group
      orientation="horizontal"
      id={SIMULATOR_COLUMNS_ID}
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
      style={{ minHeight: 0, height: '100%' }}
    >
      <Panel id="scan-list" {...SCAN_LIST} groupResizeBehavior="preserve-pixel-size">
        <Column nav label="Scan list" tour="scan-list">
          {props.scanList}
        </Column>
      </Panel>
      <ColumnSeparator label="Resize the scan list" />
      <Panel id="workspace" {...WORKSPACE}>
        <Column>{props.workspace}</Column>
      </Panel>
      <ColumnSeparator label="Resize the parameters" />
      <Panel id="parameters" {...PARAMETERS} groupResizeBehavior="preserve-pixel-size">
        <Column label="Parameters" tour="parameters">
          {props.parameters}
        </Column>
      </Panel>
    </Group>
  );
}
