/**
 * A teacher reading a module of a global program assigned to their organisation copies it into a course of
 * their own to adapt it (issue 21.5): pick one of their programs and its course, copy, and go to the copy's
 * editor. Shown to teachers and administrators on modules they do not edit; the server decides (403 otherwise).
 */
import { useState } from 'react';
import { Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useCopyModule } from '#entities/program/api/copy-module.ts';
import { useProgram } from '#entities/program/api/get-program.ts';
import { usePrograms } from '#entities/program/api/list-programs.ts';

/** Most of the teacher's own programs offered as targets. */
const TARGET_PROGRAMS_MAX = 100;

export function CopyToMyCourse(props: { labId: string; labTitle: string }) {
  const navigate = useNavigate();
  const programs = usePrograms({ owner: 'client', page: 1, per_page: TARGET_PROGRAMS_MAX });
  const own = (programs.data?.items ?? []).filter((p) => p.canEdit);
  const [programId, setProgramId] = useState('');
  const [courseId, setCourseId] = useState('');
  const chosenProgram = programId || (own[0]?.id ?? '');
  const program = useProgram(chosenProgram);
  const courses = (program.data?.courses ?? []).filter((c) => !c.archived);
  const chosenCourse = courseId || (courses[0]?.id ?? '');
  const copy = useCopyModule(props.labId);
  const submit = (): void =>
    copy.mutate(
      { courseId: chosenCourse },
      {
        onSuccess: (lab) => {
          toast.success(`${props.labTitle} is copied into your course`);
          void navigate(`/programs/edit/${lab.programId}/courses/${lab.courseId}/modules/${lab.id}`);
        },
      },
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="copy-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="copy-heading">
          Adapt this module
        </Title>
        <Text size="sm">
          This module is shared with your organisation to read. Copy it into a course of your own to change
          it.
        </Text>
        {programs.isSuccess && own.length === 0 ? (
          <Text size="sm">Create a program with a course first (Manage programs).</Text>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label="Your program"
                value={chosenProgram}
                data={own.map((p) => ({ value: p.id, label: p.title }))}
                onChange={(e) => {
                  setProgramId(e.currentTarget.value);
                  setCourseId('');
                }}
              />
              <NativeSelect
                label="Course"
                value={chosenCourse}
                data={courses.map((c) => ({ value: c.id, label: c.title }))}
                onChange={(e) => setCourseId(e.currentTarget.value)}
              />
              <ActionButton type="submit" loading={copy.isPending} disabled={chosenCourse === ''}>
                Copy to my course
              </ActionButton>
            </Group>
          </form>
        )}
        <ErrorAlert error={copy.error ?? programs.error} />
      </Stack>
    </Card>
  );
}
