/** A URL an admin copies into another system: its label, the URL in monospace, and a Copy button naming it. */
import { Button, CopyButton, Group, Text } from '@mantine/core';

export function CopyableUrl(props: { label: string; url: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} miw={160}>
        {props.label}
      </Text>
      <Text size="sm" ff="monospace" data-testid={props.testId} style={{ overflowWrap: 'anywhere' }}>
        {props.url}
      </Text>
      <CopyButton value={props.url}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="default" onClick={copy} aria-label={`Copy ${props.label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
