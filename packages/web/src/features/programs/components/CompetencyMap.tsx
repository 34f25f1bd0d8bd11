/**
 * A program's competency map for its teachers (issue 24.3): each competency (UK NSHCS/SoR and ARRT areas) with
 * the modules and objectives that assess it, so gaps show. A table per competency; 'No data' when none assesses it.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CompetencyMap as Map, CompetencyMapModule } from '@larmor/contracts/competencies';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { useCompetencyMap } from '#entities/program/api/get-competencies.ts';
import { browseModulePath } from './learning-paths.ts';
import { Loading } from './PageStates.tsx';

function columns(programId: string): Column<CompetencyMapModule>[] {
  return [
    { key: 'course', header: 'Course', render: (m) => m.course },
    {
      key: 'module',
      header: 'Module',
      render: (m) =>
        m.labId === null || m.courseId === null ? (
          m.title
        ) : (
          <Anchor component={Link} to={browseModulePath(programId, m.courseId, m.labId)}>
            {m.title}
          </Anchor>
        ),
    },
    { key: 'named', header: 'Named by the module', render: (m) => (m.named ? 'Yes' : 'No') },
    {
      key: 'objectives',
      header: 'Objectives that assess it',
      render: (m) => (m.objectives.length === 0 ? '–' : m.objectives.map((o) => o.title).join('; ')),
    },
  ];
}

export function CompetencyMapTables(props: { programId: string; map: Map }) {
  const cols = columns(props.programId);
  return (
    <Stack gap="lg">
      {props.map.competencies.map((c) => (
        <Stack key={c.id} gap={4} component="section" aria-labelledby={`competency-${c.id}`}>
          <Title order={3} size="h5" id={`competency-${c.id}`}>
            {c.title}
          </Title>
          <Text size="sm" c="dimmed">
            ARRT: {c.arrt}. UK: {c.uk}.
          </Text>
          <DataTable
            columns={cols}
            rows={c.modules}
            rowKey={(m) => `${m.labId ?? m.title}`}
            caption={`Modules assessing ${c.title}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** The map of `programId`, asked only for its teachers (`teaching`). */
export function CompetencyMap(props: { programId: string; teaching: boolean }) {
  const map = useCompetencyMap(props.programId, props.teaching);
  if (!props.teaching) return null;
  return (
    <Stack component="section" aria-labelledby="competency-map-heading" gap="sm">
      <Title order={2} size="h4" id="competency-map-heading">
        Competency map
      </Title>
      <ErrorAlert error={map.error} />
      {map.isPending && <Loading label="Loading the competency map" />}
      {map.data !== undefined && <CompetencyMapTables programId={props.programId} map={map.data} />}
    </Stack>
  );
}
