import type { FormEvent, ReactNode } from 'react';
import { Stack, type MantineSpacing } from '@mantine/core';

/** A form laid out as a stack; browser validation is off because the fields show the app's own messages. */
export function Form(props: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(event) => void props.onSubmit(event)}>
      <Stack gap={props.gap ?? 'sm'}>{props.children}</Stack>
    </form>
  );
}
