/**
 * /programs/edit/:programId/courses/:courseId: a course's title and description (Markdown with preview) and its
 * modules, reordered by drag or keyboard; New module opens the module form.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Course } from '@larmor/contracts/programs';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { useArchiveCourse } from '#entities/program/api/archive-course.ts';
import { useCopyCourse } from '#entities/program/api/copy-course.ts';
import { useCourse } from '#entities/program/api/get-course.ts';
import { BADGE_COLORS } from '../components/badge-colors.ts';
import { CopyArchiveActions } from '../components/CopyArchiveActions.tsx';
import { useReorderModules } from '#entities/program/api/reorder-modules.ts';
import { useUpdateCourse } from '#entities/program/api/update-course.ts';
import { Loading } from '../components/PageStates.tsx';
import { SortableList } from '../components/SortableList.tsx';
import { TitledDetailsForm } from '../components/TitledDetailsForm.tsx';

function CourseForm(props: { course: Course }) {
  const update = useUpdateCourse(props.course.id);
  return (
    <TitledDetailsForm
      initial={props.course}
      programId={props.course.programId}
      onSave={(details) => update.mutate(details, { onSuccess: () => toast.success('Course saved') })}
      save={update}
      saveLabel="Save course"
    />
  );
}

function ModulesEditor(props: { programId: string; course: Course }) {
  const reorderModules = useReorderModules(props.course.id);
  const [order, setOrder] = useState<string[] | undefined>(undefined);
  const byId = new Map(props.course.modules.map((m) => [m.id, m]));
  const ordered = (order ?? props.course.modules.map((m) => m.id)).flatMap((id) => byId.get(id) ?? []);
  const base = `/programs/edit/${props.programId}/courses/${props.course.id}/modules`;
  return (
    <Stack component="section" aria-labelledby="modules-heading">
      <Group justify="space-between">
        <Title order={2} size="h4" id="modules-heading">
          Modules
        </Title>
        <Button component={Link} to={`${base}/new`}>
          New module
        </Button>
      </Group>
      {ordered.length === 0 ? (
        <EmptyState title="No modules yet" description="Create the first module with New module." />
      ) : (
        <SortableList
          label="Modules in order"
          items={ordered.map((m) => ({ id: m.id, title: m.title }))}
          disabled={reorderModules.isPending}
          onReorder={(ids) => {
            setOrder(ids);
            reorderModules.mutate(ids, { onSettled: () => setOrder(undefined) });
          }}
          renderItem={(item) => (
            <Group gap="xs">
              <Anchor component={Link} to={`${base}/${item.id}`}>
                {item.title}
              </Anchor>
              {byId.get(item.id)?.archived === true && <Badge color={BADGE_COLORS.muted}>archived</Badge>}
            </Group>
          )}
        />
      )}
      <ErrorAlert error={reorderModules.error} />
    </Stack>
  );
}

export function CourseEditPage() {
  const { programId = '', courseId = '' } = useParams();
  const course = useCourse(courseId);
  const copy = useCopyCourse(courseId);
  const archive = useArchiveCourse(courseId);
  if (course.isPending) return <Loading label="Loading the course" />;
  if (course.data === undefined) {
    return (
      <PageFrame title="Edit Course">
        <ErrorAlert error={course.error} />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={`Edit Course: ${course.data.title}`}
      actions={
        <CopyArchiveActions
          what="course"
          archived={course.data.archived}
          copy={copy}
          archive={archive}
          copyPath={(id) => `/programs/edit/${programId}/courses/${id}`}
        />
      }
    >
      <Anchor component={Link} to={`/programs/edit/${programId}`}>
        Back to the program
      </Anchor>
      <CourseForm key={course.data.updatedAt} course={course.data} />
      <ModulesEditor programId={programId} course={course.data} />
    </PageFrame>
  );
}
