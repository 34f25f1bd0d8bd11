/**
 * GET v1/sessions/{sessionId}/events: the session's scan events (`event: scan`), kept open and reconnecting with
 * Last-Event-ID (the app's HTTP client, lib/http), each answer checked against the contracts' schema. The server
 * ends the stream with `event: closed` (code 700701) when the session is closed or reaped, and answers 410
 * afterwards: either calls `onClosed`.
 */
import { useEffect, useRef } from 'react';
import { apiPath } from '@larmor/contracts/programs';
import { scanEventSchema, SESSION_PATHS, type ScanEvent } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function useSessionEvents(
  sessionId: string,
  onEvent: (event: ScanEvent) => void,
  onClosed: () => void,
): void {
  const handler = useRef({ onEvent, onClosed });
  useEffect(() => {
    handler.current = { onEvent, onClosed };
  });
  useEffect(
    () =>
      api.events(apiPath(SESSION_PATHS.events, { sessionId }), {
        onEvent: (event) => {
          if (event.type === 'closed') return handler.current.onClosed();
          if (event.type !== 'scan') return undefined;
          const parsed = scanEventSchema.safeParse(JSON.parse(event.data));
          if (parsed.success) handler.current.onEvent(parsed.data);
          return undefined;
        },
        onState: (state) => {
          if (state === 'ended') handler.current.onClosed();
        },
      }),
    [sessionId],
  );
}
