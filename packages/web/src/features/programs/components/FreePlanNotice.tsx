import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';

/** Tells a free-plan user that they see the free catalogue, and where to upgrade. */
export function FreePlanNotice() {
  return (
    <Alert color="blue" title="Free plan">
      <Text size="sm">
        You see the free catalogue: {FREE_PLAN_LIMITS.anatomies.join(' and ')},{' '}
        {FREE_PLAN_LIMITS.families.join(' and ')} sequences on a {FREE_PLAN_LIMITS.b0} T scanner.{' '}
        <Anchor component={Link} to="/upgrade-subscription">
          See what the paid plan adds
        </Anchor>
      </Text>
    </Alert>
  );
}
