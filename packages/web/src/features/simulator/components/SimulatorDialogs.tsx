/**
 * The simulator page's dialogs, one open at a time: the top bar's settings dialogs (Patient, Scanner,
 * Simulation), Set iso-center (Whole Body or Regions) and Display Options.
 */
import type { ActiveSession } from '@larmor/contracts/sessions';
import { useAnatomicalModel } from '#entities/session/api/get-anatomical-model.ts';
import { DisplayOptionsDialog } from './DisplayOptionsDialog.tsx';
import { IsocenterDialog } from './IsocenterDialog.tsx';
import { PatientSettingsDialog } from './PatientSettingsDialog.tsx';
import { ScannerSettingsDialog, SimulationSettingsDialog, type Change } from './SettingsDialogs.tsx';
import type { SettingsDialog } from './TopBar.tsx';

export function SimulatorDialogs(props: {
  dialog: SettingsDialog | undefined;
  active: ActiveSession;
  onChange: Change;
  onClose: () => void;
}) {
  const { dialog, active, onChange, onClose } = props;
  const model = useAnatomicalModel(active.lab.anatomicalModelId);
  const common = { active, onChange, onClose };
  return (
    <>
      <PatientSettingsDialog
        opened={dialog === 'patient'}
        features={model.data?.features}
        modelError={model.error}
        {...common}
      />
      <ScannerSettingsDialog opened={dialog === 'scanner'} {...common} />
      <SimulationSettingsDialog opened={dialog === 'simulation'} {...common} />
      <DisplayOptionsDialog opened={dialog === 'display'} {...common} />
      {(dialog === 'isocenter-whole-body' || dialog === 'isocenter-regions') && (
        <IsocenterDialog
          key={dialog}
          mode={dialog === 'isocenter-whole-body' ? 'whole-body' : 'regions'}
          {...common}
        />
      )}
    </>
  );
}
