/**
 * /program/:programId (white background): what a program is about and its outline, with the enrol button where
 * enrolment is open to the user. The enrolment state comes from the catalog; the details from the program call.
 */
import { Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useNewPlatformUi } from '#lib/ui-flag.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { useCatalog } from '#entities/program/api/get-catalog.ts';
import { useEnroll } from '#entities/program/api/enroll.ts';
import { useProgram } from '#entities/program/api/get-program.ts';
import { Loading } from '../components/PageStates.tsx';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';
import { CoverImage } from '../components/CoverImage.tsx';

function modulesLabel(count: number): string {
  return `${count} ${count === 1 ? 'module' : 'modules'}`;
}

export function ProgramEnrollmentPage() {
  const { programId = '' } = useParams();
  const navigate = useNavigate();
  const catalogPath = useNewPlatformUi() ? '/catalog' : '/courses';
  const catalog = useCatalog();
  const item = catalog.data?.items.find((i) => i.program.id === programId);
  const program = useProgram(programId);
  // Uploaded images in the Markdown load with the signed asset cookie.
  useAssetCookie();
  const enroll = useEnroll(programId);
  const title = program.data?.title ?? item?.program.title ?? 'Program';

  if (catalog.isPending) return <Loading label="Loading the program" />;
  if (item === undefined && program.data === undefined && !program.isPending) {
    return (
      <PageFrame title="Program">
        <ErrorAlert error={catalog.error ?? program.error} />
        <EmptyState
          title="This program is not open to you"
          description="Ask your teacher for an invitation, or pick a program in the catalog."
        />
      </PageFrame>
    );
  }
  const onEnroll = (): void => {
    enroll.mutate(
      {},
      {
        onSuccess: () => {
          toast.success(`Enrolled in ${title}`);
          void navigate(`/browse/${programId}`);
        },
      },
    );
  };
  const courses = (program.data?.courses ?? []).filter((c) => !c.archived);
  return (
    <PageFrame title={title}>
      <Stack gap="md" maw={880}>
        <CoverImage
          url={program.data?.coverImageUrl ?? item?.program.coverImageUrl ?? null}
          title={title}
          height={240}
        />
        {(program.data?.summary ?? item?.program.summary ?? '') !== '' && (
          <Text size="lg">{program.data?.summary ?? item?.program.summary}</Text>
        )}
        <ErrorAlert error={enroll.error} />
        {item?.enrolled === true ? (
          <Card withBorder>
            <Text>You are enrolled in this program.</Text>
            <Button mt="sm" component={Link} to={`/browse/${programId}`}>
              Go to the program
            </Button>
          </Card>
        ) : item?.canEnroll === true ? (
          <ActionButton
            size="md"
            onClick={onEnroll}
            loading={enroll.isPending}
            loadingLabel="Enrolling..."
            w="fit-content"
          >
            Enrol
          </ActionButton>
        ) : (
          <Text>
            {item === undefined && program.data?.enrollment === 'open'
              ? 'Enrolment is open: students who see this program enrol here once it is published.'
              : 'Enrolment in this program is by invitation: ask your teacher.'}
          </Text>
        )}
        {program.data !== undefined && program.data.description !== '' && (
          <Markdown source={program.data.description} />
        )}
        {courses.length > 0 && (
          <section aria-labelledby="outline-heading">
            <Title order={2} size="h4" id="outline-heading" mb="xs">
              What you will learn
            </Title>
            <List>
              {courses.map((course) => (
                <List.Item key={course.id}>
                  <Text fw={600} span>
                    {course.title}
                  </Text>{' '}
                  <Text span size="sm">
                    ({modulesLabel(course.modules.filter((m) => !m.archived).length)})
                  </Text>
                </List.Item>
              ))}
            </List>
          </section>
        )}
        <Anchor component={Link} to={catalogPath}>
          Back to the catalog
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
