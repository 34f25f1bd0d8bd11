/**
 * The module form's tissue overrides: a row per tissue of the model with PD, T1, T2 and T2* at the module's
 * field strength; the library's values at that field are the placeholders (what the simulator uses without an
 * override). Rows without a tissue are ignored.
 */
import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import { tissueAtField, type TissueAtField } from '@larmor/mri/tissue';
import { ActionButton } from '#ui/ActionButton.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import type { ModuleFormAction } from './module-form-state.ts';
import { tissueRowErrors, type TissueOverrideRow, type TissueRowField } from './tissue-overrides-state.ts';

/** The simulator's field strength when the module presets none [T] (simulator.md §9). */
const DEFAULT_B0_T = 1.5;

/** The library's values of `tissue` at `b0T`, or undefined for a key the library does not hold. */
function libraryValues(tissue: string, b0T: number): TissueAtField | undefined {
  try {
    return tissueAtField(tissue, b0T);
  } catch {
    return undefined;
  }
}

const ms = (seconds: number | undefined) => (seconds === undefined ? '' : String(Math.round(seconds * 1000)));

const FIELDS: readonly { field: Exclude<TissueRowField, 'tissue'>; label: string }[] = [
  { field: 'pd', label: 'PD (0–1)' },
  { field: 't1Ms', label: 'T1 (ms)' },
  { field: 't2Ms', label: 'T2 (ms)' },
  { field: 't2StarMs', label: 'T2* (ms)' },
];

export function TissueOverridesEditor(props: {
  rows: readonly TissueOverrideRow[];
  model: AnatomicalModelOption | undefined;
  /** The module's field strength preset [T], if any. */
  b0T: number | undefined;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const b0T = props.b0T ?? DEFAULT_B0_T;
  const errors = tissueRowErrors(props.rows);
  const tissues = props.model?.tissues ?? [];
  return (
    <Stack component="section" aria-labelledby="tissues-heading" gap="sm">
      <Title order={2} size="h5" id="tissues-heading">
        Tissue overrides
      </Title>
      <Text size="sm">
        Relaxation times and proton density at {b0T} T that replace the library&apos;s for this module. Empty
        fields keep the library&apos;s value (shown greyed); rows without a tissue are ignored.
      </Text>
      {props.rows.map((row, index) => {
        const library = libraryValues(row.tissue, b0T);
        const placeholders: Record<Exclude<TissueRowField, 'tissue'>, string> = {
          pd: library === undefined ? '' : String(library.pd),
          t1Ms: ms(library?.t1),
          t2Ms: ms(library?.t2),
          t2StarMs: ms(library?.t2star),
        };
        const rowErrors = errors.get(row.id) ?? {};
        const set = (field: TissueRowField, value: string) =>
          props.dispatch({ type: 'tissue', id: row.id, field, value });
        return (
          <Group key={row.id} align="flex-start" role="group" aria-label={`Tissue override ${index + 1}`}>
            <Select
              label="Tissue"
              placeholder={SELECT_DEFAULTS.placeholder}
              data={[...new Set([...tissues, ...(row.tissue === '' ? [] : [row.tissue])])]}
              value={row.tissue === '' ? null : row.tissue}
              onChange={(v) => set('tissue', v ?? '')}
              searchable
              comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
              error={rowErrors.tissue}
              w={200}
            />
            {FIELDS.map(({ field, label }) => (
              <NumberInput
                key={field}
                label={label}
                placeholder={placeholders[field]}
                value={row[field]}
                onChange={(v) => set(field, String(v))}
                min={0}
                hideControls
                error={rowErrors[field]}
                w={110}
              />
            ))}
            <Button
              variant="default"
              mt={25}
              aria-label={`Remove tissue override ${index + 1}${row.tissue === '' ? '' : ` (${row.tissue})`}`}
              onClick={() => props.dispatch({ type: 'removeTissue', id: row.id })}
            >
              Remove
            </Button>
          </Group>
        );
      })}
      <Group>
        <ActionButton
          variant="default"
          disabled={props.model === undefined}
          onClick={() => props.dispatch({ type: 'addTissue' })}
        >
          Add a tissue override
        </ActionButton>
        {props.model === undefined && <Text size="sm">Pick a model first: its tissues are listed.</Text>}
      </Group>
    </Stack>
  );
}
