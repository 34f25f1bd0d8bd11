/**
 * The simulator's top bar (simulator.md §2): Settings (Patient, Scanner and Simulation settings); Tools (Image viewer
 * Ctrl+Shift+2, 3D viewer, K-space, Tissue characteristics, Timing bolus injection on model 223, Isocenter, Display Options),
 * each tool in a new tab; Preferences (distance and time units, advanced
 * notifications, the colour scheme); Help (Knowledge base, Guided tour); a status pill; Support; New Scan; Save and
 * close ("Closing session.." with a spinner while the session closes). Model 100001 keeps only Display Options under
 * Tools and has no New Scan. Isocenter (Whole Body Ctrl+Shift+3, Regions Ctrl+Shift+4) needs the model's Isocenter
 * feature.
 */
import { memo, useEffect, type ReactNode } from 'react';
import { Badge, Box, Button, Group, Loader, Menu, Text } from '@mantine/core';
import { config } from '#lib/config.ts';
import type { ForcedColorScheme } from '#lib/forced-color-scheme.ts';
import { hasTimingBolus, toolPaths } from '#lib/tool-paths.ts';
import { DisabledMenuItem } from '#ui/DisabledMenuItem.tsx';
import { LarmorMark } from '#ui/LarmorMark.tsx';
import { startTour } from '#ui/product-tour.ts';
import { NO_IDLE_MODEL_ID } from '../state/idle.ts';
import type { DistanceUnit, TimeUnit, UnitPreferences } from '../state/units.ts';
import { SIMULATOR_TOUR } from './tour.ts';

export type SettingsDialog =
  'patient' | 'scanner' | 'simulation' | 'isocenter-whole-body' | 'isocenter-regions' | 'display';

/** Memoised (issue 20, "Speed"): the simulator page renders again when a save refreshes the session; this does not. */
export const TopBar = memo(function TopBar(props: {
  sessionId: string;
  labName: string;
  modelId: number;
  /** The model has the Isocenter feature (otherwise the Isocenter tools are disabled). */
  hasIsocenter: boolean;
  units: UnitPreferences;
  onUnits: (units: UnitPreferences) => void;
  advancedNotifications: boolean;
  onAdvancedNotifications: (on: boolean) => void;
  scheme: ForcedColorScheme;
  onScheme: (scheme: ForcedColorScheme) => void;
  onDialog: (dialog: SettingsDialog) => void;
  /** The scanner's state in words ("Idle", "Running T2-weighted TSE 40 %"). */
  status: string;
  hasSequences: boolean;
  scanRunning: boolean;
  onNewScan: () => void;
  closing: boolean;
  onSaveAndClose: () => void;
}) {
  const { units } = props;
  const check = (on: boolean) => (on ? '✓ ' : '');
  const readingOnly = props.modelId === NO_IDLE_MODEL_ID;
  const openInNewTab = (path: string) => window.open(path, '_blank', 'noopener');
  const openImageViewer = () => openInNewTab(`/session/${props.sessionId}/image-viewer`);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.ctrlKey || !event.shiftKey || readingOnly) return;
      if (event.code === 'Digit2') {
        event.preventDefault();
        openImageViewer();
      } else if (props.hasIsocenter && (event.code === 'Digit3' || event.code === 'Digit4')) {
        event.preventDefault();
        props.onDialog(event.code === 'Digit3' ? 'isocenter-whole-body' : 'isocenter-regions');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Group
      component="header"
      className="larmor-keep-buttons"
      justify="space-between"
      px="md"
      h={52}
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {/* At 1024 px the module's name and the status give way (truncated), never the buttons (issue 20.10). */}
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Box style={{ display: 'flex', flexShrink: 0 }}>
          <LarmorMark size={24} />
        </Box>
        <Text fw={700} mx="xs" truncate maw={240} miw={48} title={props.labName} style={{ flexShrink: 1 }}>
          {props.labName}
        </Text>
        <BarMenu label="Settings" tour="scanner-settings">
          <Menu.Item onClick={() => props.onDialog('patient')}>Patient settings</Menu.Item>
          <Menu.Item onClick={() => props.onDialog('scanner')}>Scanner settings</Menu.Item>
          <Menu.Item onClick={() => props.onDialog('simulation')}>Simulation settings</Menu.Item>
        </BarMenu>
        <BarMenu label="Tools">
          {!readingOnly && (
            <>
              <Menu.Item onClick={openImageViewer} rightSection={<Text size="xs">Ctrl+Shift+2</Text>}>
                Image viewer
              </Menu.Item>
              <Menu.Item onClick={() => openInNewTab(toolPaths.viewer3d(props.sessionId))}>
                3D viewer
              </Menu.Item>
              <Menu.Item onClick={() => openInNewTab(toolPaths.kspace(props.sessionId))}>K-space</Menu.Item>
              <Menu.Item onClick={() => openInNewTab(toolPaths.tissueCharacteristics(props.sessionId))}>
                Tissue characteristics
              </Menu.Item>
              {hasTimingBolus(props.modelId) && (
                <Menu.Item onClick={() => openInNewTab(toolPaths.timingBolus(props.sessionId))}>
                  Timing bolus injection
                </Menu.Item>
              )}
              {props.hasIsocenter ? (
                <>
                  <Menu.Item
                    onClick={() => props.onDialog('isocenter-whole-body')}
                    rightSection={<Text size="xs">Ctrl+Shift+3</Text>}
                  >
                    Isocenter: Whole Body
                  </Menu.Item>
                  <Menu.Item
                    onClick={() => props.onDialog('isocenter-regions')}
                    rightSection={<Text size="xs">Ctrl+Shift+4</Text>}
                  >
                    Isocenter: Regions
                  </Menu.Item>
                </>
              ) : (
                <>
                  {/* Disabled yet focusable (DisabledMenuItem), so the menu stays walkable by keyboard. */}
                  <DisabledMenuItem rightSection={<Text size="xs">Ctrl+Shift+3</Text>}>
                    Isocenter: Whole Body
                  </DisabledMenuItem>
                  <DisabledMenuItem rightSection={<Text size="xs">Ctrl+Shift+4</Text>}>
                    Isocenter: Regions
                  </DisabledMenuItem>
                </>
              )}
            </>
          )}
          <Menu.Item onClick={() => props.onDialog('display')}>Display Options</Menu.Item>
        </BarMenu>
        <BarMenu label="Preferences">
          <Menu.Label>Distance unit</Menu.Label>
          {(['mm', 'cm'] as DistanceUnit[]).map((d) => (
            <Menu.Item key={d} onClick={() => props.onUnits({ ...units, distance: d })}>
              {check(units.distance === d)}
              {d}
            </Menu.Item>
          ))}
          <Menu.Label>Time unit</Menu.Label>
          {(['ms', 's'] as TimeUnit[]).map((t) => (
            <Menu.Item key={t} onClick={() => props.onUnits({ ...units, time: t })}>
              {check(units.time === t)}
              {t}
            </Menu.Item>
          ))}
          <Menu.Label>Advanced notifications</Menu.Label>
          {[false, true].map((on) => (
            <Menu.Item key={String(on)} onClick={() => props.onAdvancedNotifications(on)}>
              {check(props.advancedNotifications === on)}
              {on ? 'On' : 'Off'}
            </Menu.Item>
          ))}
          <Menu.Label>Theme</Menu.Label>
          {(['dark', 'light'] as ForcedColorScheme[]).map((s) => (
            <Menu.Item key={s} onClick={() => props.onScheme(s)}>
              {check(props.scheme === s)}
              {s === 'dark' ? 'Dark (reading room)' : 'Light'}
            </Menu.Item>
          ))}
        </BarMenu>
        <BarMenu label="Help">
          <Menu.Item component="a" href="/knowledge-base" target="_blank" rel="noopener">
            Knowledge base
          </Menu.Item>
          <Menu.Item onClick={() => void startTour(SIMULATOR_TOUR)}>Guided tour</Menu.Item>
        </BarMenu>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }}>
        <Badge
          variant="light"
          color={props.scanRunning ? 'yellow' : 'gray'}
          data-tour="status"
          size="lg"
          maw={{ base: 150, lg: 260 }}
          miw={72}
          title={props.status}
          role="status"
        >
          {props.status}
        </Badge>
        <Button variant="subtle" size="compact-md" component="a" href={`mailto:${config.supportEmail}`}>
          Support
        </Button>
        {!readingOnly && props.hasSequences && (
          <Button variant="default" onClick={props.onNewScan} disabled={props.scanRunning}>
            New Scan
          </Button>
        )}
        <Button
          data-tour="save-close"
          onClick={props.onSaveAndClose}
          disabled={props.closing}
          leftSection={props.closing ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
        >
          {props.closing ? 'Closing session..' : 'Save and close'}
        </Button>
      </Group>
    </Group>
  );
});

/** One of the bar's menus: a subtle button named `label` (a tour stop when `tour` names one) opening `children`. */
function BarMenu({ label, tour, children }: { label: string; tour?: string; children: ReactNode }) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="subtle" size="compact-md" data-tour={tour}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
