/** /upgrade-subscription: what the free version includes and whom to contact to upgrade. */
import { Anchor, Text } from '@mantine/core';
import { FreePlanLimits } from '../components/FreePlanLimits.tsx';
import { config } from '#lib/config.ts';
import { PageFrame } from '#ui/PageFrame.tsx';

export function UpgradeSubscriptionPage() {
  return (
    <PageFrame title="Upgrade subscription">
      <Text>The free version includes:</Text>
      <FreePlanLimits />
      <Text>
        For the full scanner, every anatomy and every sequence, contact{' '}
        <Anchor href={`mailto:${config.upgradeEmail}`}>{config.upgradeEmail}</Anchor>.
      </Text>
    </PageFrame>
  );
}
