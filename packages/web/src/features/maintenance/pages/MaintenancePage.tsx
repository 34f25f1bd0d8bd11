/**
 * /maintenance: where users are sent while maintenance is under way or about to start. 'Try again' checks the
 * service health and the maintenance window, and goes back to the app once both allow it.
 */
import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MAINTENANCE_CHECK_BACK_MIN } from '@larmor/contracts/constants';
import { fetchHealth } from '#entities/health/api/get-health.ts';
import { maintenanceWindow, mustRedirectToMaintenance } from '#lib/maintenance.ts';
import { fetchNextMaintenance } from '#entities/maintenance/api/get-next-maintenance.ts';
import { ActionButton } from '#ui/ActionButton.tsx';

export function MaintenancePage() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  const tryAgain = async (): Promise<void> => {
    setChecking(true);
    try {
      await fetchHealth();
      const { next_maintenance_at } = await fetchNextMaintenance();
      if (!mustRedirectToMaintenance(maintenanceWindow(next_maintenance_at, Date.now()).status)) {
        void navigate('/', { replace: true });
        return;
      }
      setStillDown(true);
    } catch {
      setStillDown(true);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Stack gap="sm" ta="center" align="center">
      <Title order={1} size="h2">
        Scheduled maintenance
      </Title>
      <Text>Larmor is being updated and is unavailable for a short while.</Text>
      <Text c="dimmed">
        Please check back {MAINTENANCE_CHECK_BACK_MIN} minutes after the maintenance started.
      </Text>
      {stillDown && (
        <Alert color="yellow" role="status">
          Maintenance is still under way.
        </Alert>
      )}
      <ActionButton variant="default" loading={checking} onClick={() => void tryAgain()}>
        Try again
      </ActionButton>
    </Stack>
  );
}
