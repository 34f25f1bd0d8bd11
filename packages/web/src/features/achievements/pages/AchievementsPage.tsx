/**
 * /achievements (students; not in production): the badges earned from one's modules (components/badges.ts) and
 * progress by competency (issue 24.3).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { coursesOverviewResponseSchema, meStudentSchema, STUDENT_PATHS } from '@larmor/contracts/students';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { badgesOf } from '../components/badges.ts';
import { CompetencyProgress } from '../components/CompetencyProgress.tsx';

async function ownOverview() {
  const me = await api.request(STUDENT_PATHS.me, { schema: meStudentSchema });
  return api.request(apiPath(STUDENT_PATHS.userCoursesOverview, { userId: me.id }), {
    schema: coursesOverviewResponseSchema,
  });
}

export function AchievementsPage() {
  const overview = useQuery({ queryKey: ['achievements'], queryFn: ownOverview });
  const badges = overview.data ? badgesOf(overview.data.courses) : [];
  return (
    <PageFrame title="Achievements">
      <ErrorAlert error={overview.error} />
      {overview.data && badges.length === 0 && (
        <EmptyState
          title="No badges yet"
          description="Submit your first scan in a module to earn one; full marks and finished courses earn more."
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {badges.map((b) => (
          <Card key={b.id} withBorder padding="md" component="li">
            <Title order={2} size="h4">
              🏅 {b.title}
            </Title>
            <Text size="sm">{b.reason}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <CompetencyProgress />
    </PageFrame>
  );
}
