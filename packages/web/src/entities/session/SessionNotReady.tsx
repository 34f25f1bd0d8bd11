/** What a page of the active session shows until the session's query has succeeded: a spinner, or why not. */
import { Alert, Loader } from '@mantine/core';

export function SessionNotReady(props: { query: { isPending: boolean; error: Error | null } }) {
  if (props.query.isPending) return <Loader aria-label="Loading the session" m="xl" />;
  return (
    <Alert color="red" m="md" title="The session could not be loaded">
      {props.query.error?.message}
    </Alert>
  );
}
