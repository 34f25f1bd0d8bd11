/**
 * The module page (/browse/:programId/:courseId/modules/:labId and /courses/:courseId/modules/:labId): rendered
 * instructions, the objectives (titles and points, no thresholds), the model, the allowed sequences, the scanner presets (locked or not), attempts left, the due
 * date, and Start scanning, which opens the simulator in a new tab.
 */
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { SEQUENCE_FAMILY_HELP, knowledgeBaseHref } from '@larmor/contracts/knowledge-base';
import { sequenceTypeOf } from '@larmor/contracts/sequence-types';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { ObjectivesList } from '#ui/ObjectivesList.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useAttemptInProgress } from '#entities/program/api/get-attempt-in-progress.ts';
import { useModule } from '#entities/program/api/get-module.ts';
import { useModuleOptions } from '#entities/program/api/get-module-options.ts';
import { dateLabel, dueLabel, simulatorEntryPath, startBlockedReason } from '../components/learning-paths.ts';
import { Loading } from '../components/PageStates.tsx';
import { BADGE_COLORS } from '../components/badge-colors.ts';
import { ModuleSettings } from '../components/ModuleSettings.tsx';
import { CopyToMyCourse } from '../components/CopyToMyCourse.tsx';
import { RosterSync } from '../components/RosterSync.tsx';
import { useProgram } from '#entities/program/api/get-program.ts';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';

function Fact(props: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {props.label}
      </Text>
      <Text>{props.children}</Text>
    </div>
  );
}

export function ModulePage() {
  const { programId: routeProgramId, labId = '' } = useParams();
  const lab = useModule(labId);
  const options = useModuleOptions();
  // Uploaded images in the Markdown load with the signed asset cookie.
  useAssetCookie();
  const [nowMs] = useState(() => Date.now());
  // No attempts left may still mean the last one is in progress: then scanning for it goes on.
  const inProgress = useAttemptInProgress(labId, lab.data?.attemptsLeft === 0);
  const role = primaryRole(useSession().scope);
  const teaching = role === 'Teacher' || role === 'Admin';
  // A teacher reading a module they do not edit (a global program assigned to them) may copy it to adapt it.
  const program = useProgram(teaching ? (routeProgramId ?? lab.data?.programId ?? '') : '');
  if (lab.isPending) return <Loading label="Loading the module" />;
  if (lab.data === undefined) {
    return (
      <PageFrame title="Module">
        <ErrorAlert error={lab.error} />
      </PageFrame>
    );
  }
  const data = lab.data;
  const programId = routeProgramId ?? data.programId;
  const model = options.data?.anatomicalModels.find((m) => m.id === data.anatomicalModelId);
  const blocked = startBlockedReason(data, nowMs, inProgress.data === true);
  return (
    <PageFrame
      title={data.title}
      actions={
        <Stack gap={4} align="flex-end">
          <Button
            component="a"
            href={blocked === undefined ? simulatorEntryPath(programId, data.id) : undefined}
            target="_blank"
            rel="noopener"
            size="md"
            disabled={blocked !== undefined}
            aria-describedby={blocked === undefined ? undefined : 'start-blocked'}
          >
            Start scanning
          </Button>
          {blocked !== undefined && (
            <Text size="sm" id="start-blocked">
              {blocked}
            </Text>
          )}
          {/* The attempt page (features/attempts): submit series and answers, see the feedback and grade. */}
          <Anchor component={Link} to={`/courses/${data.courseId}/modules/${data.id}/moduleAttempts/latest`}>
            Your attempt: submit and feedback
          </Anchor>
        </Stack>
      }
    >
      <Breadcrumbs>
        <Anchor component={Link} to="/browse">
          Browse
        </Anchor>
        <Anchor component={Link} to={`/browse/${programId}`}>
          Program
        </Anchor>
        <Anchor component={Link} to={`/browse/${programId}/${data.courseId}`}>
          Course
        </Anchor>
        <span>{data.title}</span>
      </Breadcrumbs>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Fact label="Anatomical model">{model?.name ?? `Model ${data.anatomicalModelId}`}</Fact>
          <Fact label="Attempts left">{data.attemptsLeft === null ? 'Unlimited' : data.attemptsLeft}</Fact>
          <Fact label="Due date">{data.dueAt === null ? 'None' : dueLabel(data.dueAt, nowMs)}</Fact>
          <Fact label="Estimated duration">
            {data.estimatedDurationMin === null ? 'Not given' : `${data.estimatedDurationMin} min`}
          </Fact>
          {data.availableFrom !== null && <Fact label="Available from">{dateLabel(data.availableFrom)}</Fact>}
        </SimpleGrid>
        {data.readingOnly && (
          <Badge mt="sm" color={BADGE_COLORS.neutral}>
            Reading only: prepared series, no new scans
          </Badge>
        )}
      </Card>
      <section aria-labelledby="objectives-heading">
        <Title order={2} size="h4" id="objectives-heading" mb="xs">
          Objectives
        </Title>
        <ObjectivesList objectives={data.objectiveSummaries} />
      </section>
      <section aria-labelledby="sequences-heading">
        <Title order={2} size="h4" id="sequences-heading" mb="xs">
          Sequences you may add
        </Title>
        {data.sequenceTypes.length === 0 ? (
          <Text>None: this module shows prepared series.</Text>
        ) : (
          <List>
            {data.sequenceTypes.map((code) => {
              const type = sequenceTypeOf(code);
              const help = type === undefined ? undefined : SEQUENCE_FAMILY_HELP[type.family];
              return (
                <List.Item key={code}>
                  <Group gap="xs">
                    <span>{type?.name ?? `Sequence type ${code}`}</span>
                    {help !== undefined && (
                      <Anchor href={knowledgeBaseHref(help)} target="_blank" size="sm">
                        How it works
                      </Anchor>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
      </section>
      {teaching && program.data?.canEdit === false && (
        <CopyToMyCourse labId={data.id} labTitle={data.title} />
      )}
      <ModuleSettings lab={data} model={model} />
      {teaching && <RosterSync labId={data.id} />}
      <section aria-labelledby="instructions-heading">
        <Title order={2} size="h4" id="instructions-heading" mb="xs">
          Instructions
        </Title>
        {data.instructions.trim() === '' ? (
          <EmptyState title="No instructions for this module" />
        ) : (
          <Markdown source={data.instructions} />
        )}
      </section>
    </PageFrame>
  );
}
