/**
 * The module form's objectives and rubric (issue 21.1): one fieldset per check with its parameters in words
 * (tissues by name from the model, thresholds with their units), its points, whether it must pass, and the hint
 * shown when it fails; a picker adds a check of any kind the grader knows; beside them, what the student will
 * see (the shared ObjectivesList of the module page, from the same summaries the server sends learners).
 */
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { AnatomicalModelOption } from '@larmor/contracts/catalog';
import { OBJECTIVE_KIND_TITLES, summarizeObjective } from '@larmor/contracts/objectives';
import { tissueNameCapitalised } from '@larmor/mri/tissue';
import { ObjectivesList } from '#ui/ObjectivesList.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import type { ModuleFormAction, ObjectiveRowChange } from './module-form-state.ts';
import {
  OBJECTIVE_KINDS,
  OBJECTIVE_PARAMS,
  objectiveOf,
  objectiveRowErrors,
  type ObjectiveContext,
  type ObjectiveRow,
} from './objectives-state.ts';

function ObjectiveFieldset(props: {
  row: ObjectiveRow;
  index: number;
  model: AnatomicalModelOption | undefined;
  context: ObjectiveContext;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const { row, dispatch } = props;
  const errors = objectiveRowErrors(row, props.context);
  const kindTitle = OBJECTIVE_KIND_TITLES[row.kind];
  const name = `Objective ${props.index + 1}: ${row.title.trim() || kindTitle}`;
  const change = (c: ObjectiveRowChange) => dispatch({ type: 'objective', id: row.id, change: c });
  const tissues = (props.model?.tissues ?? []).map((key) => ({
    value: key,
    label: tissueNameCapitalised(key),
  }));
  return (
    <Fieldset legend={`${name} (${kindTitle})`}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput
          label="Title the student reads"
          placeholder={kindTitle}
          value={row.title}
          onChange={(e) => change({ title: e.currentTarget.value })}
        />
        <TextInput
          label="Points"
          inputMode="decimal"
          value={row.points}
          error={errors['points']}
          onChange={(e) => change({ points: e.currentTarget.value })}
        />
        <Checkbox
          mt="xl"
          label="Required: must pass"
          checked={row.mustPass}
          onChange={(e) => change({ mustPass: e.currentTarget.checked })}
        />
        {OBJECTIVE_PARAMS[row.kind].map((p) => {
          const value = row.params[p.name] ?? '';
          const set = (v: string) => change({ params: { [p.name]: v } });
          if (p.type === 'number')
            return (
              <TextInput
                key={p.name}
                label={`${p.label} (${p.unit})`}
                inputMode="decimal"
                value={value}
                error={errors[p.name]}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          if (p.type === 'point')
            return (
              <TextInput
                key={p.name}
                label={`${p.label} (x, y, z in mm)`}
                description="Patient coordinates: x right→left, y anterior→posterior, z feet→head"
                placeholder="0, 20, -5"
                value={value}
                error={errors[p.name]}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          if (p.type === 'lines')
            return (
              <Textarea
                key={p.name}
                label={p.label}
                value={value}
                error={errors[p.name]}
                onChange={(e) => set(e.currentTarget.value)}
                autosize
                minRows={3}
              />
            );
          if (p.type === 'text')
            return (
              <TextInput
                key={p.name}
                label={p.label}
                value={value}
                error={errors[p.name]}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          return (
            <Select
              key={p.name}
              label={p.label}
              placeholder={SELECT_DEFAULTS.placeholder}
              data={p.type === 'tissue' ? tissues : [...p.options]}
              value={value === '' ? null : value}
              error={errors[p.name]}
              onChange={(v) => set(v ?? '')}
              searchable={p.type === 'tissue'}
              comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
            />
          );
        })}
      </SimpleGrid>
      {row.kind === 'sequenceFamily' && (
        <Checkbox.Group
          mt="sm"
          label="Any of these sequence types passes"
          value={row.families}
          error={errors['families']}
          onChange={(families) => change({ families })}
        >
          <Group mt="xs">
            {props.context.families.map((f) => (
              <Checkbox key={f} value={f} label={f} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Textarea
        mt="sm"
        label="Hint shown when the check fails"
        description="After the simulator's own hint, in your words."
        autosize
        minRows={1}
        value={row.hint}
        onChange={(e) => change({ hint: e.currentTarget.value })}
      />
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          color="red"
          onClick={() => dispatch({ type: 'removeObjective', id: row.id })}
        >
          Remove {name}
        </Button>
      </Group>
    </Fieldset>
  );
}

export function ObjectivesEditor(props: {
  rows: readonly ObjectiveRow[];
  model: AnatomicalModelOption | undefined;
  context: ObjectiveContext;
  error: string | undefined;
  dispatch: (action: ModuleFormAction) => void;
}) {
  const summaries = props.rows.flatMap((row) => {
    const objective = objectiveOf(row);
    return objective === null ? [] : [summarizeObjective(objective)];
  });
  return (
    <Stack component="section" aria-labelledby="objectives-heading" gap="sm">
      <Title order={2} size="h5" id="objectives-heading">
        Objectives and rubric
      </Title>
      <Text size="sm">
        Checks the simulator makes on every submitted series, each worth points; the rubric a teacher marks
        starts from them. A required check must pass; the hint tells the student what to change.
      </Text>
      {props.rows.length === 0 && (
        <Text c="dimmed">No objectives yet: this module is marked by hand only.</Text>
      )}
      {props.rows.map((row, index) => (
        <ObjectiveFieldset
          key={row.id}
          row={row}
          index={index}
          model={props.model}
          context={props.context}
          dispatch={props.dispatch}
        />
      ))}
      <Select
        label="Add an objective"
        placeholder="Pick the kind of check"
        data={OBJECTIVE_KINDS.map((kind) => ({ value: kind, label: OBJECTIVE_KIND_TITLES[kind] }))}
        value={null}
        onChange={(v) => {
          const kind = OBJECTIVE_KINDS.find((k) => k === v);
          if (kind !== undefined) props.dispatch({ type: 'addObjective', kind });
        }}
        comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
        maw={360}
      />
      {props.error !== undefined && (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      )}
      <Paper withBorder p="sm" component="section" aria-labelledby="objectives-preview-heading">
        <Title order={3} size="h6" id="objectives-preview-heading">
          What the student sees
        </Title>
        <ObjectivesList objectives={summaries} />
      </Paper>
    </Stack>
  );
}
