/** /upgrade-subscription: what the free version includes and whom to contact to upgrade. */
import { Anchor, List, Text } from '@mantine/core';
import { FREE_PLAN_LIMITS } from '@larmor/contracts/constants';
import { config } from '#lib/config.ts';
import { PageFrame } from '#ui/PageFrame.tsx';

export function UpgradeSubscriptionPage() {
  return (
    <PageFrame title="Upgrade subscription">
      <Text>The free version includes:</Text>
      <List>
        <List.Item>{FREE_PLAN_LIMITS.scannerFieldStrengthT} T scanner</List.Item>
        <List.Item>{FREE_PLAN_LIMITS.anatomies.join(' and ')}</List.Item>
        <List.Item>{FREE_PLAN_LIMITS.sequenceFamilies.join(' and ')} sequences</List.Item>
        <List.Item>The parameters FOV, matrix/resolution and slices</List.Item>
      </List>
      <Text>
        For the full scanner, every anatomy and every sequence, contact{' '}
        <Anchor href={`mailto:${config.upgradeEmail}`}>{config.upgradeEmail}</Anchor>.
      </Text>
    </PageFrame>
  );
}
