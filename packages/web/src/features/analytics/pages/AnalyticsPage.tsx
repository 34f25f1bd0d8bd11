/**
 * /analytics (teachers and admins; not in production): for a course of the organisation, progress per module;
 * for one of its modules, progress, time on task, pass rate per objective, the misconception map and a CSV
 * export; each for every student or one cohort. Computed by the server (GET v1/analytics…); the charts
 * (@mantine/charts on Recharts) load with this page only, and each has a table as its text alternative.
 */
import { useState } from 'react';
import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import '@mantine/charts/styles.css';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { useAnalyticsOptions } from '#entities/analytics/api/get-analytics-options.ts';
import { useCourseAnalytics } from '#entities/analytics/api/get-course-analytics.ts';
import { CourseOverview } from '../components/CourseOverview.tsx';
import { ModuleAnalyticsPanel } from '../components/ModuleAnalyticsPanel.tsx';

/** The cohort filter's value for "every student". */
const ALL_COHORTS = 'all';

function CourseProgress(props: { courseId: string; cohortId: string | null }) {
  const course = useCourseAnalytics(props.courseId, props.cohortId);
  if (course.isPending) return <Loader aria-label="Loading the course's progress" />;
  if (course.isError) return <ErrorAlert error={course.error} />;
  if (course.data.modules.length === 0)
    return <EmptyState title="No data" description="This course has no modules." />;
  return <CourseOverview course={course.data} />;
}

export function AnalyticsPage() {
  const options = useAnalyticsOptions();
  const [courseId, setCourseId] = useState<string | null>(null);
  const [labId, setLabId] = useState<string | null>(null);
  const [cohort, setCohort] = useState<string>(ALL_COHORTS);
  const courses = options.data?.courses ?? [];
  const modules = courses.find((c) => c.id === courseId)?.modules ?? [];
  const cohortId = cohort === ALL_COHORTS ? null : cohort;
  return (
    <PageFrame title="Analytics">
      {options.isPending && <Loader aria-label="Loading analytics" />}
      <ErrorAlert error={options.error} />
      {options.data !== undefined && courses.length === 0 && (
        <EmptyState
          title="No courses yet"
          description="Your organisation's programs have no courses; their students' figures appear here."
        />
      )}
      {courses.length > 0 && (
        <Stack gap="lg">
          <Group gap="md" align="flex-end">
            <Select
              label="Course"
              placeholder={SELECT_DEFAULTS.placeholder}
              data={courses.map((c) => ({ value: c.id, label: `${c.programTitle} › ${c.title}` }))}
              value={courseId}
              onChange={(value) => {
                setCourseId(value);
                setLabId(null);
              }}
              w={360}
            />
            <Select
              label="Module"
              placeholder={SELECT_DEFAULTS.placeholder}
              data={modules.map((m) => ({ value: m.id, label: m.title }))}
              value={labId}
              onChange={setLabId}
              disabled={modules.length === 0}
              w={300}
            />
            <Select
              label="Cohort"
              data={[
                { value: ALL_COHORTS, label: 'All students' },
                ...(options.data?.cohorts ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
              value={cohort}
              onChange={(value) => setCohort(value ?? ALL_COHORTS)}
              allowDeselect={false}
              w={220}
            />
          </Group>
          {courseId === null ? (
            <Text c="dimmed">Choose a course to see its students' progress.</Text>
          ) : labId === null ? (
            <CourseProgress courseId={courseId} cohortId={cohortId} />
          ) : (
            <ModuleAnalyticsPanel labId={labId} cohortId={cohortId} />
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
