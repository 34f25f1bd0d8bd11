/**
 * The module form: title, instructions (Markdown with preview), the anatomical model and the sequences a student
 * may add (both from the engine's catalogue, GET v1/module-options), the simulator engine, scanner presets with
 * locks (PresetsSection), tissue overrides (TissueOverridesEditor), where each sequence type starts
 * (StartingProtocolsEditor), objectives and rubric (ObjectivesEditor), duration, attempts and dates, and whether
 * the automatic grade is released at once (issue 27.4). State lives in moduleFormReducer; the page decides what
 * Save does.
 */
import { useReducer } from 'react';
import { Checkbox, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ModuleOptions } from '@larmor/contracts/catalog';
import { COMPETENCIES, competencyIdSchema } from '@larmor/contracts/competencies';
import { SIMULATOR_BACKEND_WORDS, SIMULATOR_BACKENDS } from '@larmor/contracts/lab-presets';
import { ActionButton } from '#ui/ActionButton.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { ObjectivesEditor } from './ObjectivesEditor.tsx';
import { moduleFormErrors, moduleFormReducer, type ModuleFormState } from './module-form-state.ts';
import { PresetsSection } from './PresetsSection.tsx';
import { StartingProtocolsEditor } from './StartingProtocolsEditor.tsx';
import { TissueOverridesEditor } from './TissueOverridesEditor.tsx';

/** The fields a text input edits as typed. */
type TextField = 'estimatedDurationMin' | 'attemptsAllowed' | 'availableFrom' | 'dueAt';

export function ModuleForm(props: {
  initial: ModuleFormState;
  /** The program the module belongs to (instruction images are uploaded to it). */
  programId: string;
  options: ModuleOptions;
  submitLabel: string;
  saving: boolean;
  onSubmit: (state: ModuleFormState) => void;
  /** Free-plan users see only modules within the free limits: say which choices keep a module free. */
  children?: React.ReactNode;
}) {
  const [state, dispatch] = useReducer(moduleFormReducer, props.initial);
  const model = props.options.anatomicalModels.find((m) => m.id === state.anatomicalModelId);
  const context = {
    tissues: model?.tissues,
    families: [
      ...new Set(
        props.options.sequenceTypes.filter((t) => state.sequenceTypes.includes(t.code)).map((t) => t.family),
      ),
    ],
  };
  const errors = moduleFormErrors(state, context);
  const valid = Object.keys(errors).length === 0;
  /** A text input's value, error and change for one of the form's plain text fields. */
  const textField = (field: TextField) => ({
    value: state[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      dispatch({ type: 'set', field, value: e.currentTarget.value }),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) props.onSubmit(state);
      }}
    >
      <Stack>
        <TextInput
          label="Title"
          required
          value={state.title}
          error={state.title === '' ? undefined : errors.title}
          onChange={(e) => dispatch({ type: 'set', field: 'title', value: e.currentTarget.value })}
        />
        <MarkdownEditor
          label="Instructions"
          value={state.instructions}
          onChange={(value) => dispatch({ type: 'set', field: 'instructions', value })}
          programId={props.programId}
          minRows={8}
        />
        <Select
          label="Anatomical model"
          required
          placeholder={SELECT_DEFAULTS.placeholder}
          data={props.options.anatomicalModels.map((m) => ({
            value: String(m.id),
            label: `${m.name}${m.free ? ' (free plan)' : ''}`,
          }))}
          value={state.anatomicalModelId === null ? null : String(state.anatomicalModelId)}
          onChange={(v) => {
            const id = v === null ? null : Number(v);
            dispatch({ type: 'model', id, model: props.options.anatomicalModels.find((m) => m.id === id) });
          }}
          searchable
          comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
          description={model?.description}
        />
        <Radio.Group
          label="Simulator engine"
          value={state.backend}
          onChange={(v) => dispatch({ type: 'backend', backend: v === 'censol' ? 'censol' : 'cpusim' })}
        >
          <Stack mt="xs" gap="xs">
            {SIMULATOR_BACKENDS.map((backend) => (
              <Radio
                key={backend}
                value={backend}
                label={SIMULATOR_BACKEND_WORDS[backend].name}
                description={SIMULATOR_BACKEND_WORDS[backend].shows}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox.Group
          label={state.readingOnly ? 'Prepared series the student reads' : 'Sequences a student may add'}
          description={
            state.readingOnly
              ? 'A reading-only model: these series are scanned for each session; the student adds none.'
              : undefined
          }
          value={state.sequenceTypes.map(String)}
          onChange={(values) => dispatch({ type: 'sequenceTypes', codes: values.map(Number) })}
        >
          <SimpleGrid cols={{ base: 1, md: 3 }} mt="xs" spacing="xs">
            {props.options.sequenceTypes.map((t) => (
              <Checkbox
                key={t.code}
                value={String(t.code)}
                label={`${t.name}${t.free ? ' (free plan)' : ''}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <PresetsSection state={state} model={model} dispatch={dispatch} />
        <TissueOverridesEditor
          rows={state.tissueRows}
          model={model}
          b0T={state.presets.b0field}
          dispatch={dispatch}
        />
        <StartingProtocolsEditor
          prepared={state.readingOnly}
          sequenceTypes={state.sequenceTypes}
          rows={state.startingRows}
          options={props.options}
          b0T={state.presets.b0field}
          error={errors.startingRows}
          dispatch={dispatch}
        />
        <ObjectivesEditor
          rows={state.objectiveRows}
          model={model}
          context={context}
          error={errors.objectiveRows}
          dispatch={dispatch}
        />
        <Checkbox.Group
          label="Competencies the module assesses"
          description="For the competency map: teachers see coverage, students their progress by competency."
          value={state.competencies}
          onChange={(values) =>
            dispatch({ type: 'competencies', ids: values.map((v) => competencyIdSchema.parse(v)) })
          }
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="xs" spacing="xs">
            {COMPETENCIES.map((c) => (
              <Checkbox key={c.id} value={c.id} label={c.title} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label="Estimated duration (min)"
            inputMode="numeric"
            {...textField('estimatedDurationMin')}
          />
          <TextInput
            label="Attempts allowed (empty: unlimited)"
            inputMode="numeric"
            {...textField('attemptsAllowed')}
          />
          <TextInput label="Available from" type="datetime-local" {...textField('availableFrom')} />
          <TextInput label="Due date" type="datetime-local" {...textField('dueAt')} />
        </SimpleGrid>
        <Checkbox
          label="Release the automatic grade at once"
          description="A submission's automatic score becomes the student's grade when they submit, and goes to the learning platform the student came from. You can still regrade it and release the new grade."
          checked={state.releaseAutomaticGrade}
          onChange={(e) => dispatch({ type: 'releaseAutomaticGrade', value: e.currentTarget.checked })}
        />
        {props.children}
        <Group>
          <ActionButton type="submit" loading={props.saving} disabled={!valid}>
            {props.submitLabel}
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
