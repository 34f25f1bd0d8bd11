/**
 * /browse/:programId: a program's cover, description and its courses with their modules; for its teachers, the
 * competency map (issue 24.3).
 */
import { useState } from 'react';
import { Anchor, Breadcrumbs, Card, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { useProgram } from '#entities/program/api/get-program.ts';
import { ModuleList } from '../components/ModuleList.tsx';
import { Loading } from '../components/PageStates.tsx';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';
import { CoverImage } from '../components/CoverImage.tsx';
import { CompetencyMap } from '../components/CompetencyMap.tsx';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';

export function BrowseProgramPage() {
  const { programId = '' } = useParams();
  const program = useProgram(programId);
  // Uploaded images in the Markdown load with the signed asset cookie.
  useAssetCookie();
  const [nowMs] = useState(() => Date.now());
  const courses = (program.data?.courses ?? []).filter((c) => !c.archived);
  const role = primaryRole(useSession().scope);
  const teaching = role === 'Teacher' || role === 'Admin';
  return (
    <PageFrame title={program.data?.title ?? 'Program'}>
      <Breadcrumbs>
        <Anchor component={Link} to="/browse">
          Browse
        </Anchor>
        <span>{program.data?.title ?? 'Program'}</span>
      </Breadcrumbs>
      <ErrorAlert error={program.error} />
      {program.isPending && <Loading label="Loading the program" />}
      {program.data !== undefined && (
        <CoverImage url={program.data.coverImageUrl} title={program.data.title} height={200} />
      )}
      {program.data !== undefined && program.data.description !== '' && (
        <Markdown source={program.data.description} />
      )}
      {program.isSuccess && courses.length === 0 && <EmptyState title="No courses in this program yet" />}
      <Stack gap="md">
        {courses.map((course) => (
          <Card
            key={course.id}
            withBorder
            padding="lg"
            component="section"
            aria-labelledby={`course-${course.id}`}
          >
            <Title order={2} size="h4" id={`course-${course.id}`} mb="xs">
              <Anchor component={Link} to={`/browse/${programId}/${course.id}`} inherit>
                {course.title}
              </Anchor>
            </Title>
            <ModuleList programId={programId} modules={course.modules} nowMs={nowMs} />
          </Card>
        ))}
      </Stack>
      {program.isSuccess && <CompetencyMap programId={programId} teaching={teaching} />}
    </PageFrame>
  );
}
