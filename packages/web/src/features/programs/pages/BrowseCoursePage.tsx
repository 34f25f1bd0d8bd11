/** /browse/:programId/:courseId: a course's description and its modules. */
import { useState } from 'react';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useCourse } from '#entities/program/api/get-course.ts';
import { useProgram } from '#entities/program/api/get-program.ts';
import { ModuleList } from '../components/ModuleList.tsx';
import { Loading } from '../components/PageStates.tsx';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';

export function BrowseCoursePage() {
  const { programId = '', courseId = '' } = useParams();
  const course = useCourse(courseId);
  // Uploaded images in the Markdown load with the signed asset cookie.
  useAssetCookie();
  const program = useProgram(programId);
  const [nowMs] = useState(() => Date.now());
  return (
    <PageFrame title={course.data?.title ?? 'Course'}>
      <Breadcrumbs>
        <Anchor component={Link} to="/browse">
          Browse
        </Anchor>
        <Anchor component={Link} to={`/browse/${programId}`}>
          {program.data?.title ?? 'Program'}
        </Anchor>
        <span>{course.data?.title ?? 'Course'}</span>
      </Breadcrumbs>
      <ErrorAlert error={course.error} />
      {course.isPending && <Loading label="Loading the course" />}
      {course.data !== undefined && course.data.description !== '' && (
        <Markdown source={course.data.description} />
      )}
      {course.data !== undefined && (
        <ModuleList programId={programId} modules={course.data.modules} nowMs={nowMs} />
      )}
    </PageFrame>
  );
}
