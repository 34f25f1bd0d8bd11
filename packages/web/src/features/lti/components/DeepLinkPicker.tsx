/**
 * The deep-linking picker (issue 27.3): the organisation's published programs, each with its courses and modules,
 * as one radio group (arrow keys move, a fieldset and legend name it); the chosen module or whole program is
 * sent, and `onChosen` gets the URL of the form that returns it to the learning platform.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useChooseDeepLink, useDeepLinkRequest } from '#entities/lti/api/deep-linking.ts';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { EmptyState } from '#ui/PageFrame.tsx';
import { choiceOf, choiceTitle, choiceValue } from './deep-link-choice.ts';

const MODULE_INDENT_PX = 28;

export function DeepLinkPicker(props: { linkId: string; onChosen: (responseUrl: string) => void }) {
  const request = useDeepLinkRequest(props.linkId);
  const choose = useChooseDeepLink(props.linkId);
  const [value, setValue] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (request.isPending) return <Loader aria-label="Loading the programs you can link" />;
  if (request.data === undefined) return <ErrorAlert error={request.error} />;
  const { programs, platformName, organisationName } = request.data;
  const choice = choiceOf(value, programs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) return;
    choose.mutate(choice, {
      onSuccess: ({ responseUrl }) => {
        setLeaving(true);
        props.onChosen(responseUrl);
      },
    });
  };

  if (programs.length === 0) {
    return (
      <EmptyState
        title="No published programs to link"
        description={`${organisationName} has no published program yet. Publish one in Larmor, then select content again in ${platformName}.`}
      />
    );
  }
  return (
    <form onSubmit={submit} aria-label="Choose the content to link">
      <Stack gap="md">
        <Text>
          Choose a module, or a whole program, of {organisationName} to add to {platformName}. It appears
          there as a link, with a grade column where the platform keeps one.
        </Text>
        <Radio.Group label="Content to link" value={value} onChange={setValue}>
          <Stack gap="md" mt="xs">
            {programs.map((program) => (
              <Box key={program.id}>
                <Radio
                  value={choiceValue({ kind: 'program', id: program.id })}
                  label={<Text fw={600}>{program.title}</Text>}
                  description="The whole program"
                />
                {program.courses.map((course) => (
                  <Stack key={course.id} gap={6} mt="xs" pl={MODULE_INDENT_PX}>
                    <Text size="sm" c="dimmed">
                      {course.title}
                    </Text>
                    {course.modules.length === 0 && (
                      <Text size="sm" c="dimmed">
                        No modules yet
                      </Text>
                    )}
                    {course.modules.map((module) => (
                      <Radio
                        key={module.id}
                        value={choiceValue({ kind: 'module', id: module.id })}
                        label={module.title}
                      />
                    ))}
                  </Stack>
                ))}
              </Box>
            ))}
          </Stack>
        </Radio.Group>
        <ErrorAlert error={choose.error} />
        <Group>
          <Button type="submit" disabled={choice === null || leaving} loading={choose.isPending || leaving}>
            {choice === null
              ? `Add to ${platformName}`
              : `Add “${choiceTitle(choice, programs)}” to ${platformName}`}
          </Button>
        </Group>
        {leaving && (
          <Text role="status" size="sm">
            Returning to {platformName}…
          </Text>
        )}
      </Stack>
    </form>
  );
}
