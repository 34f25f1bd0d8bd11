import { Stack, Text, Title } from '@mantine/core';
import { MAINTENANCE_CHECK_BACK_MIN } from '@larmor/contracts/constants';

/** /maintenance: where users are sent while maintenance is under way or about to start. */
export function MaintenancePage() {
  return (
    <Stack gap="sm" ta="center">
      <Title order={1} size="h2">
        Scheduled maintenance
      </Title>
      <Text>Larmor is being updated and is unavailable for a short while.</Text>
      <Text c="dimmed">
        Please check back {MAINTENANCE_CHECK_BACK_MIN} minutes after the maintenance started.
      </Text>
    </Stack>
  );
}
