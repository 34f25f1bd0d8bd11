/**
 * /upgrade-subscription: what the free plan includes (the same list as the free-plan dialog), what the paid plan
 * adds, and whom to contact to upgrade.
 */
import { Anchor, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { B0_FIELD_CHOICES_T } from '@larmor/contracts/lab-presets';
import { SEQUENCE_TYPES } from '@larmor/contracts/sequence-types';
import { FreePlanLimits } from '../components/FreePlanLimits.tsx';
import { config } from '#lib/config.ts';
import { PageFrame } from '#ui/PageFrame.tsx';

/** The sequence families the paid plan runs, each named once, in the order of the sequence-type codes. */
const PAID_SEQUENCE_FAMILIES = [...new Set(SEQUENCE_TYPES.map((t) => t.family))];

export function UpgradeSubscriptionPage() {
  return (
    <PageFrame title="Upgrade subscription">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="free-plan-heading">
          <Title order={2} size="h4" id="free-plan-heading" mb="xs">
            The free plan includes
          </Title>
          <FreePlanLimits />
          <Text mt="sm">
            and the programs of the free catalogue, with the knowledge base for every sequence, artifact and
            parameter.
          </Text>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="paid-plan-heading">
          <Title order={2} size="h4" id="paid-plan-heading" mb="xs">
            The paid plan adds
          </Title>
          <List>
            <List.Item>Scanners from {B0_FIELD_CHOICES_T.join(', ')} T</List.Item>
            <List.Item>
              Every anatomical model: spine, abdomen, pelvis, shoulder, hand, foot, heart and whole body, and
              the contrast, timing-bolus and reading-room models
            </List.Item>
            <List.Item>Every sequence family: {PAID_SEQUENCE_FAMILIES.join(', ')}</List.Item>
            <List.Item>Every scan parameter, motion, noise and tissue settings</List.Item>
            <List.Item>The programs your organisation builds and assigns</List.Item>
          </List>
        </Card>
      </SimpleGrid>
      <Text>
        To upgrade, write to <Anchor href={`mailto:${config.upgradeEmail}`}>{config.upgradeEmail}</Anchor>.
      </Text>
    </PageFrame>
  );
}
