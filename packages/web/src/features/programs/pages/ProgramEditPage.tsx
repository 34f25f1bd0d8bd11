/**
 * /programs/edit/:programId: the program's title, summary and description (Markdown with preview), its cover
 * image, publishing, and its courses, reordered by drag or keyboard.
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Program } from '@larmor/contracts/programs';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { useCreateCourse } from '#entities/program/api/create-course.ts';
import { useProgram } from '#entities/program/api/get-program.ts';
import { useReorderCourses } from '#entities/program/api/reorder-courses.ts';
import { useUpdateProgram } from '#entities/program/api/update-program.ts';
import { Loading } from '../components/PageStates.tsx';
import { PublishControl } from '../components/PublishControl.tsx';
import { PublishOverrides } from '../components/PublishOverrides.tsx';
import { SortableList } from '../components/SortableList.tsx';
import { TitledDetailsForm } from '../components/TitledDetailsForm.tsx';
import { BADGE_COLORS } from '../components/badge-colors.ts';
import { CoverField } from '../components/CoverField.tsx';

function ProgramDetailsForm(props: { program: Program }) {
  const update = useUpdateProgram(props.program.id);
  const [summary, setSummary] = useState(props.program.summary);
  return (
    <TitledDetailsForm
      initial={props.program}
      programId={props.program.id}
      onSave={(details) =>
        update.mutate(
          { ...details, summary: summary.trim() },
          { onSuccess: () => toast.success('Program saved') },
        )
      }
      save={update}
      saveLabel="Save program"
    >
      <Textarea label="Summary" value={summary} onChange={(e) => setSummary(e.currentTarget.value)} />
    </TitledDetailsForm>
  );
}

function CoursesEditor(props: { program: Program }) {
  const programId = props.program.id;
  const create = useCreateCourse(programId);
  const reorderCourses = useReorderCourses(programId);
  const [title, setTitle] = useState('');
  const [order, setOrder] = useState<string[] | undefined>(undefined);
  const courses = props.program.courses;
  const byId = new Map(courses.map((c) => [c.id, c]));
  const ordered = (order ?? courses.map((c) => c.id)).flatMap((id) => byId.get(id) ?? []);
  const add = (): void => {
    create.mutate({ title: title.trim() }, { onSuccess: () => setTitle('') });
  };
  return (
    <Stack component="section" aria-labelledby="courses-heading">
      <Title order={2} size="h4" id="courses-heading">
        Courses
      </Title>
      {ordered.length === 0 ? (
        <EmptyState title="No courses yet" description="Add the first course below." />
      ) : (
        <SortableList
          label="Courses in order"
          items={ordered.map((c) => ({ id: c.id, title: c.title }))}
          disabled={reorderCourses.isPending}
          onReorder={(ids) => {
            setOrder(ids);
            reorderCourses.mutate(ids, { onSettled: () => setOrder(undefined) });
          }}
          renderItem={(item) => {
            const course = byId.get(item.id);
            return (
              <Group justify="space-between">
                <Anchor component={Link} to={`/programs/edit/${programId}/courses/${item.id}`}>
                  {item.title}
                </Anchor>
                {course?.archived === true && <Badge color={BADGE_COLORS.muted}>archived</Badge>}
                <Badge color={BADGE_COLORS.neutral}>
                  {course?.modules.length ?? 0} {course?.modules.length === 1 ? 'module' : 'modules'}
                </Badge>
              </Group>
            );
          }}
        />
      )}
      <ErrorAlert error={reorderCourses.error ?? create.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="New course title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            w={360}
          />
          <ActionButton type="submit" loading={create.isPending} disabled={title.trim() === ''}>
            Add course
          </ActionButton>
        </Group>
      </form>
    </Stack>
  );
}

export function ProgramEditPage() {
  const { programId = '' } = useParams();
  const program = useProgram(programId);
  if (program.isPending) return <Loading label="Loading the program" />;
  if (program.data === undefined) {
    return (
      <PageFrame title="Edit Program">
        <ErrorAlert error={program.error} />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={`Edit Program: ${program.data.title}`}
      actions={<PublishControl program={program.data} />}
    >
      <ProgramDetailsForm key={program.data.updatedAt} program={program.data} />
      <CoverField program={program.data} />
      <CoursesEditor program={program.data} />
      <PublishOverrides programId={program.data.id} />
    </PageFrame>
  );
}
