import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CatalogItem } from '@larmor/contracts/catalog';
import { ProgramProgress } from './ProgramProgress.tsx';
import { BADGE_COLORS } from './badge-colors.ts';
import { CoverImage } from './CoverImage.tsx';

/** One program of the catalog: what it is, whether the user is in it, their progress, and where to go next. */
export function CatalogCard(props: { item: CatalogItem; nowMs: number }) {
  const { program, enrolled, canEnroll, progress } = props.item;
  const headingId = `program-${program.id}`;
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={headingId}>
      {program.coverImageUrl !== null && (
        <Card.Section mb="sm">
          <CoverImage url={program.coverImageUrl} title={program.title} height={140} />
        </Card.Section>
      )}
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {program.title}
          </Title>
          <Group gap={4} wrap="nowrap">
            {enrolled && <Badge color={BADGE_COLORS.success}>Enrolled</Badge>}
            {program.freeCatalogue && <Badge color={BADGE_COLORS.info}>Free</Badge>}
            {!enrolled && (
              <Badge color={BADGE_COLORS.neutral}>{canEnroll ? 'Open enrolment' : 'By invitation'}</Badge>
            )}
          </Group>
        </Group>
        {program.summary !== '' && <Text>{program.summary}</Text>}
        <Text size="sm">
          {program.courseCount} {program.courseCount === 1 ? 'course' : 'courses'} · {program.moduleCount}{' '}
          {program.moduleCount === 1 ? 'module' : 'modules'}
        </Text>
        {enrolled && <ProgramProgress title={program.title} progress={progress} nowMs={props.nowMs} />}
        <Group>
          {enrolled ? (
            <Button component={Link} to={`/browse/${program.id}`} aria-label={`Open ${program.title}`}>
              Open
            </Button>
          ) : (
            // The name holds the visible text (axe: label-content-name-mismatch); the badge says how to enrol.
            <Button
              component={Link}
              to={`/program/${program.id}`}
              variant="light"
              aria-label={`View ${program.title}`}
            >
              View
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
