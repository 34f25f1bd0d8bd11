/** One module's analytics: progress, time on task, pass rates and misconceptions, with the CSV export. */
import { Group, Loader, Stack, Title } from '@mantine/core';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState } from '#ui/PageFrame.tsx';
import { useDownloadAnalyticsCsv } from '#entities/analytics/api/download-analytics-csv.ts';
import { useModuleAnalytics } from '#entities/analytics/api/get-module-analytics.ts';
import { hasData } from './figures.ts';
import { MisconceptionSection } from './MisconceptionSection.tsx';
import { PassRateSection } from './PassRateSection.tsx';
import { ProgressSection } from './ProgressSection.tsx';
import { TimeOnTask } from './TimeOnTask.tsx';

export function ModuleAnalyticsPanel(props: { labId: string; cohortId: string | null }) {
  const analytics = useModuleAnalytics(props.labId, props.cohortId);
  const csv = useDownloadAnalyticsCsv();
  if (analytics.isPending) return <Loader aria-label="Loading the module's analytics" />;
  if (analytics.isError) return <ErrorAlert error={analytics.error} />;
  const a = analytics.data;
  return (
    <Stack component="section" gap="lg" aria-labelledby="analytics-module-title">
      <Group justify="space-between">
        <Title order={2} size="h3" id="analytics-module-title">
          {a.title}
        </Title>
        <ActionButton
          variant="default"
          loading={csv.isPending}
          onClick={() => csv.mutate({ labId: props.labId, cohortId: props.cohortId })}
        >
          Export CSV
        </ActionButton>
      </Group>
      <ErrorAlert error={csv.error} />
      {hasData(a) ? (
        <>
          <ProgressSection progress={a.progress} />
          <TimeOnTask time={a.timeOnTask} />
          <PassRateSection rates={a.passRates} />
          <MisconceptionSection misconceptions={a.misconceptions} parameters={a.parameters} />
        </>
      ) : (
        <EmptyState
          title="No data"
          description="No student of this selection is enrolled, has opened the simulator or has submitted yet."
        />
      )}
    </Stack>
  );
}
