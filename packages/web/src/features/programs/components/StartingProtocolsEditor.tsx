/**
 * The module form's starting protocols (issue 20.4): for each sequence type the module offers, where a new
 * sequence of that type starts, so the task is left to the student (a FLAIR whose TI does not yet null CSF).
 * Empty fields keep the type's default at the module's field strength, shown greyed.
 */
import { Fieldset, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ModuleOptions } from '@larmor/contracts/catalog';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { SequenceFamily } from '@larmor/mri';
import type { ModuleFormAction } from './module-form-state.ts';
import type { StartingField, StartingRow } from './starting-protocols-state.ts';

/** The simulator's field strength when the module presets none [T] (simulator.md §9). */
const DEFAULT_B0_T = 1.5;
/** The reference gradient [T/m] and slew rate [T/m/s] the defaults are shown for. */
const REFERENCE_GRADIENT = { maxGradient: 0.045, maxSlewRate: 200 };
/** Families with an inversion pulse, where TI applies. */
const INVERSION_FAMILIES: readonly string[] = ['IR', 'STIR', 'FLAIR', 'MPRAGE', 'MOLLI'];

const FIELDS: readonly { field: StartingField; label: string; fromSi: (v: number) => number }[] = [
  { field: 'repetitionTime', label: 'TR (ms)', fromSi: (v) => v * 1000 },
  { field: 'echoTime', label: 'TE (ms)', fromSi: (v) => v * 1000 },
  { field: 'inversionTime', label: 'TI (ms)', fromSi: (v) => v * 1000 },
  { field: 'flipAngle', label: 'Flip angle (°)', fromSi: (v) => (v * 180) / Math.PI },
];

export function StartingProtocolsEditor(props: {
  /** A reading-only module: the rows are its prepared series' protocols. */
  prepared?: boolean;
  sequenceTypes: readonly number[];
  rows: readonly StartingRow[];
  options: ModuleOptions;
  /** The module's field strength preset [T], if any. */
  b0T: number | undefined;
  error: string | undefined;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const b0 = props.b0T ?? DEFAULT_B0_T;
  const types = props.options.sequenceTypes.filter((t) => props.sequenceTypes.includes(t.code));
  return (
    <Stack component="section" aria-labelledby="starting-heading" gap="sm">
      <Title order={2} size="h5" id="starting-heading">
        {props.prepared === true ? 'Prepared series protocols' : 'Starting protocols'}
      </Title>
      {props.prepared === true ? (
        <Text size="sm">
          The protocol of each prepared series, scanned for each session with the module&apos;s presets. Empty
          fields keep the type&apos;s default at {b0} T (shown greyed).
        </Text>
      ) : (
        <Text size="sm">
          Where a new sequence of each type starts for the student. Leave the task to them: a FLAIR whose TI
          does not yet null CSF, a spin echo that is not yet T2-weighted. Empty fields keep the type&apos;s
          default at {b0} T (shown greyed).
        </Text>
      )}
      {types.length === 0 && (
        <Text c="dimmed">
          {props.prepared === true
            ? 'Choose the prepared series first.'
            : 'Choose the sequences a student may add first.'}
        </Text>
      )}
      {types.map((type) => {
        const defaults = defaultProtocol(type.family as SequenceFamily, {
          b0,
          ...REFERENCE_GRADIENT,
          coil: 'body',
        });
        const row = props.rows.find((r) => r.sequenceType === type.code);
        const fields = FIELDS.filter(
          (f) => f.field !== 'inversionTime' || INVERSION_FAMILIES.includes(type.family),
        );
        return (
          <Fieldset key={type.code} legend={type.name}>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {fields.map(({ field, label, fromSi }) => {
                const standard = defaults[field];
                return (
                  <TextInput
                    key={field}
                    label={label}
                    aria-label={`${label}, ${type.name}`}
                    inputMode="decimal"
                    placeholder={standard === undefined ? '' : String(Math.round(fromSi(standard) * 10) / 10)}
                    value={row?.values[field] ?? ''}
                    onChange={(e) =>
                      props.dispatch({
                        type: 'starting',
                        sequenceType: type.code,
                        field,
                        value: e.currentTarget.value,
                      })
                    }
                  />
                );
              })}
            </SimpleGrid>
          </Fieldset>
        );
      })}
      {props.error !== undefined && (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
