/**
 * The parameter panel: console-style cards (tabs) holding every parameter of the sequence's family in the user's
 * units; choices (fat saturation, orientation, phase direction, b-values) beside the numbers; the System card
 * shows the scanner, with a lock and the reason where the module fixes a setting.
 */
import { createContext, memo, useContext, useMemo } from 'react';
import { Group, SegmentedControl, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import type { SliceOrientation } from '@larmor/mri';
import { planDefinitions } from '@larmor/mri/sequence';
import { cardParameters, cardsFor, type CardName } from '../state/cards.ts';
import { phaseDirectionLabel } from '../state/phase-direction.ts';
import type { ProtocolEditorAction, ProtocolEditorState } from '../state/protocol-editor.ts';
import type { UnitPreferences } from '../state/units.ts';
import { EchoTimesInput } from './EchoTimesInput.tsx';
import { LockIcon } from './LockIcon.tsx';
import { ParameterInput } from './ParameterInput.tsx';
import { StackPosition } from './planning/StackPosition.tsx';

/** A scanner setting shown on the System card, and whether the module locked it. */
export interface SystemSetting {
  label: string;
  value: string;
  locked: boolean;
}

/** b-values [s/mm²] as typed ("0, 1000") to s/m², or undefined when one is not a number. */
export function parseBValues(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  const values = parts.map(Number);
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v >= 0)
    ? values.map((v) => v * 1e6)
    : undefined;
}

function SystemCard(props: { settings: readonly SystemSetting[] }) {
  return (
    <Stack gap="xs" component="dl" m={0}>
      {props.settings.map((s) => (
        <div key={s.label}>
          <Text component="dt" size="sm" fw={600}>
            {s.label}
          </Text>
          <Text component="dd" m={0}>
            {s.value}
            {s.locked && (
              <Text span c="dimmed" size="sm" ml="xs">
                <LockIcon /> Set by this module: your teacher fixed it for this exercise
              </Text>
            )}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** The cards' tabs: rendered again only when the family's cards change, not on each edit. */
const CardTabs = memo(function CardTabs(props: { cards: readonly CardName[] }) {
  return (
    <Tabs.List aria-label="Parameter cards">
      {props.cards.map((card) => (
        <Tabs.Tab key={card} value={card}>
          {card}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
});

const ORIENTATIONS: { value: SliceOrientation; label: string }[] = [
  { value: 'axial', label: 'Axial' },
  { value: 'sagittal', label: 'Sagittal' },
  { value: 'coronal', label: 'Coronal' },
];

export interface ParameterPanelProps {
  editor: ProtocolEditorState;
  dispatch: (action: ProtocolEditorAction) => void;
  units: UnitPreferences;
  system: readonly SystemSetting[];
  disabled?: boolean;
}

/** The panel's props, read by the open card's body: an edit renders that body, not the tabs around it. */
const PanelContext = createContext<ParameterPanelProps | undefined>(undefined);

/** The open card's fields and choices. */
function CardBody(props: { card: CardName }) {
  const panel = useContext(PanelContext);
  if (!panel) throw new Error('a parameter card outside its ParameterPanel');
  const { editor, dispatch, units } = panel;
  const { protocol, scanner, freePlan } = editor;
  // On the free plan its limits are the inputs' min/max and tooltip, known before the user types.
  const defs = useMemo(() => planDefinitions(protocol, scanner, freePlan), [protocol, scanner, freePlan]);

  const numbers = (card: CardName) => (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      {cardParameters(card, defs).map((def) => (
        <ParameterInput
          key={def.key}
          def={def}
          valueSi={protocol[def.key]}
          draft={editor.drafts[def.key]}
          refusal={editor.refusals[def.key]}
          units={units}
          disabled={panel.disabled}
          dispatch={dispatch}
        />
      ))}
    </SimpleGrid>
  );

  const extras: Partial<Record<CardName, React.ReactNode>> = {
    Contrast: (
      <>
        <EchoTimesInput protocol={protocol} units={units} disabled={panel.disabled} dispatch={dispatch} />
        <Switch
          mt="sm"
          label="Fat saturation"
          checked={protocol.fatSaturation}
          disabled={panel.disabled}
          onChange={(e) => dispatch({ type: 'fatSaturation', on: e.currentTarget.checked })}
        />
      </>
    ),
    Geometry: (
      <Stack gap="xs" mt="sm">
        <div>
          <Text size="sm" fw={500} id="orientation-label">
            Orientation
          </Text>
          <SegmentedControl
            aria-labelledby="orientation-label"
            data={ORIENTATIONS}
            value={protocol.geometry.orientation}
            disabled={panel.disabled}
            onChange={(v) => dispatch({ type: 'orientation', orientation: v as SliceOrientation })}
          />
        </div>
        <div>
          <Text size="sm" fw={500} id="phase-direction-label">
            Phase enc. dir.
          </Text>
          <SegmentedControl
            aria-labelledby="phase-direction-label"
            data={(['column', 'row'] as const).map((d) => ({
              value: d,
              label: phaseDirectionLabel(protocol, d),
            }))}
            value={protocol.phaseDirection}
            disabled={panel.disabled}
            onChange={(v) => dispatch({ type: 'phaseDirection', direction: v === 'row' ? 'row' : 'column' })}
          />
        </div>
        <StackPosition geometry={protocol.geometry} disabled={panel.disabled} dispatch={dispatch} />
      </Stack>
    ),
    System: <SystemCard settings={panel.system} />,
    Physio: (
      <Text size="sm">
        {protocol.family === 'MOLLI'
          ? 'ECG-triggered: one image per heartbeat at a nominal 60 beats per minute (RR 1 s).'
          : 'No triggering: a cine acquisition needs ECG gating.'}
      </Text>
    ),
    Diffusion: (
      <TextInput
        label="b-values [s/mm²]"
        description="Separated by commas; b = 0 once, each other value in three directions"
        defaultValue={(protocol.bValues ?? []).map((b) => b / 1e6).join(', ')}
        disabled={panel.disabled}
        onChange={(e) => {
          const values = parseBValues(e.currentTarget.value);
          if (values) dispatch({ type: 'bValues', values });
        }}
      />
    ),
  };

  return (
    <Group grow align="flex-start">
      <div>
        {numbers(props.card)}
        {extras[props.card]}
      </div>
    </Group>
  );
}

/** The tabs and their panels: rendered again only when the family's cards change (Mantine's tab context is new on
 * each render of the tabs, which rendered every tab and panel on each edit). */
const CardTabsView = memo(function CardTabsView(props: { cards: readonly CardName[] }) {
  return (
    <Tabs defaultValue="Routine" keepMounted={false} variant="outline">
      <CardTabs cards={props.cards} />
      {props.cards.map((card) => (
        <Tabs.Panel key={card} value={card} pt="sm">
          <CardBody card={card} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
});

/**
 * Memoised (issue 20, "Speed": input to paint): a parameter edit that leaves its props alone does not render it;
 * one that changes them renders the open card's body only (its fields memoised in turn).
 */
export const ParameterPanel = memo(function ParameterPanel(props: ParameterPanelProps) {
  const family = props.editor.protocol.family;
  const cards = useMemo(() => cardsFor(family), [family]);
  return (
    <PanelContext.Provider value={props}>
      <CardTabsView cards={cards} />
    </PanelContext.Provider>
  );
});
