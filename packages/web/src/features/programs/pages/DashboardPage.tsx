/**
 * /dashboard: continue where you left off, and progress and due dates of every enrolled program; for teachers and
 * administrators, first the marking queue (issue 21.4). A learner in no
 * program sees what they can start with (the free catalogue on the free plan) and a link to the whole catalogue;
 * "ask your teacher" only when the catalogue has nothing for them (issue 20.12a).
 */
import { useState } from 'react';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { useNewPlatformUi } from '#lib/ui-flag.ts';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useCatalog } from '#entities/program/api/get-catalog.ts';
import { CatalogCard } from '../components/CatalogCard.tsx';
import { FreePlanNotice } from '../components/FreePlanNotice.tsx';
import { MarkingQueue } from '../components/MarkingQueue.tsx';
import {
  browseModulePath,
  catalogueToJoin,
  continueWhereLeftOff,
  dashboardPrograms,
} from '../components/learning-paths.ts';
import { Loading, NoPrograms } from '../components/PageStates.tsx';
import { ProgramProgress } from '../components/ProgramProgress.tsx';

export function DashboardPage() {
  const catalog = useCatalog();
  const [nowMs] = useState(() => Date.now());
  const items = catalog.data?.items ?? [];
  const programs = dashboardPrograms(items);
  const resume = continueWhereLeftOff(items);
  const role = primaryRole(useSession().scope);
  const teaching = role === 'Teacher' || role === 'Admin';
  const newUi = useNewPlatformUi();
  const managePath = newUi ? '/programs-management' : '/courses-management';
  const toJoin = programs.length === 0 && !teaching ? catalogueToJoin(items) : [];
  const joinTitle =
    catalog.data?.freePlan === true ? 'Start with the free catalogue' : 'Programs you can join';
  return (
    <PageFrame title="Dashboard">
      <ErrorAlert error={catalog.error} />
      {catalog.isPending && <Loading label="Loading your programs" />}
      {catalog.data?.freePlan === true && <FreePlanNotice />}
      {resume !== undefined && (
        <Card withBorder padding="lg" component="section" aria-labelledby="continue-heading">
          <Title order={2} size="h4" id="continue-heading">
            Continue where you left off
          </Title>
          <Text mt="xs">
            {resume.title} <Text span>in {resume.programTitle}</Text>
          </Text>
          <Button
            mt="sm"
            w="fit-content"
            component={Link}
            to={browseModulePath(resume.programId, resume.courseId, resume.labId)}
          >
            Continue
          </Button>
        </Card>
      )}
      {catalog.isSuccess && programs.length === 0 && !teaching && toJoin.length === 0 && <NoPrograms />}
      {toJoin.length > 0 && (
        <Stack component="section" aria-labelledby="join-heading" gap="sm">
          <Title order={2} size="h4" id="join-heading">
            {joinTitle}
          </Title>
          <Text>You are not in a program yet. Open one of these to see its modules and start.</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {toJoin.map((item) => (
              <CatalogCard key={item.program.id} item={item} nowMs={nowMs} />
            ))}
          </SimpleGrid>
          <Anchor component={Link} to={newUi ? '/catalog' : '/courses'} w="fit-content">
            Browse the whole catalogue
          </Anchor>
        </Stack>
      )}
      {teaching && <MarkingQueue />}
      {catalog.isSuccess && programs.length === 0 && teaching && (
        <Group gap="sm">
          <Text>Build programs for your students, or open one to see it as they do.</Text>
          <Button component={Link} to={managePath} variant="default">
            Manage programs
          </Button>
        </Group>
      )}
      {programs.length > 0 && (
        <Stack component="section" aria-labelledby="my-programs-heading" gap="sm">
          <Title order={2} size="h4" id="my-programs-heading">
            My programs
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {programs.map((item) => (
              <Card key={item.program.id} withBorder padding="lg" component="article">
                <Anchor component={Link} to={`/browse/${item.program.id}`} fw={700}>
                  {item.program.title}
                </Anchor>
                <ProgramProgress title={item.program.title} progress={item.progress} nowMs={nowMs} />
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
