/**
 * /session/:sessionId, the simulator's wrapper (simulator.md §2): opens the session for a module when the route's
 * id is −1 (the module page's Start scanning passes programId and labId in the query), else loads it; hosts the
 * Session expired and WebGL Not Supported dialogs; imposes the simulator's colour scheme (dark by default).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { Outlet, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { ApiError } from '#lib/api-error.ts';
import { useImposeColorScheme } from '#lib/forced-color-scheme.ts';
import { openSession } from '#entities/session/api/open-session.ts';
import { SERIES_IMAGES_QUERY_KEY } from '#entities/series/api/get-series.ts';
import { sessionQueryKey, useActiveSession } from '#entities/session/api/get-session.ts';
import { closeSession } from '#entities/session/api/close-session.ts';
import { keepalive } from '#entities/session/api/keepalive.ts';
import { useIdle } from '../components/use-idle.ts';
import { useWebGlWatch } from '../components/use-webgl-watch.ts';
import {
  InactivityDialog,
  LeaveDialog,
  SessionExpiredDialog,
  PerformanceWarningBanner,
  WebGlNotSupportedDialog,
} from '../components/WrapperDialogs.tsx';
import { countdownText, mayIdle } from '../state/idle.ts';
import { isScanRunning } from '../state/scan-events.ts';
import { useSimulatorScheme } from '../state/color-scheme.ts';
import { detectWebGl, moduleReturnPath } from '../state/return-path.ts';
import {
  initialWrapperState,
  isInstanceNotRunning,
  MISSING_SESSION_ID,
  routeSessionId,
  wrapperReducer,
  type WrapperState,
  type WrapperAction,
} from '../state/wrapper-state.ts';
import type { SimulatorContext } from './simulator-context.ts';

type State = WrapperState<ActiveSession>;
const reducer = (state: State, action: WrapperAction<ActiveSession>) => wrapperReducer(state, action);

function failure(error: unknown): WrapperAction<ActiveSession> {
  if (error instanceof ApiError) return { type: 'failed', message: error.message, code: error.code };
  return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
}

export function SessionPage() {
  const params = useParams();
  const sessionId = routeSessionId(params.sessionId);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scheme = useSimulatorScheme();
  useImposeColorScheme(scheme);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialWrapperState<ActiveSession>());
  const missing = sessionId === MISSING_SESSION_ID;
  const query = useActiveSession(sessionId, !missing);
  const opening = useRef(false);

  useEffect(() => dispatch({ type: 'webGl', supported: detectWebGl() }), []);

  // Start scanning: open a session for the module, then continue on its own route.
  useEffect(() => {
    if (!missing || opening.current) return;
    const labId = search.get('labId');
    const programId = search.get('programId');
    if (labId === null || programId === null) {
      dispatch({ type: 'failed', message: 'No session was given: open the simulator from a module page.' });
      return;
    }
    opening.current = true;
    openSession({ labId, programId })
      .then((active) => {
        queryClient.setQueryData(sessionQueryKey(active.session.id), active);
        void navigate(`/session/${active.session.id}/simulator`, { replace: true });
      })
      .catch((error: unknown) => dispatch(failure(error)));
  }, [missing, search, navigate, queryClient]);

  useEffect(() => {
    if (query.data)
      dispatch({ type: 'loaded', session: query.data, closed: query.data.session.closedAt !== null });
    else if (query.error) dispatch(failure(query.error));
  }, [query.data, query.error]);

  const active = state.session;
  // Leaving the simulator by a link or Back asks first (simulator.md §4); closing it on purpose does not.
  const leaving = useRef(false);
  const programId = active?.session.programId;
  const courseId = active?.course.id;
  const labId = active?.lab.id;
  const closeModule = useCallback(() => {
    leaving.current = true;
    void navigate(moduleReturnPath({ programId, courseId, labId }));
  }, [navigate, programId, courseId, labId]);
  const blocker = useBlocker(
    ({ nextLocation }) =>
      !leaving.current &&
      state.load === 'ready' &&
      !state.expired &&
      active !== undefined &&
      !nextLocation.pathname.startsWith(`/session/${active.session.id}/`),
  );
  const leave = () => {
    leaving.current = true;
    const proceed = () => (blocker.state === 'blocked' ? blocker.proceed() : undefined);
    if (active)
      void closeSession(active.session.id)
        .catch(() => undefined)
        .then(proceed);
    else proceed();
  };

  const webGlWarning = useWebGlWatch();
  const imagesLoading = useIsFetching({ queryKey: SERIES_IMAGES_QUERY_KEY }) > 0;
  const idle = useIdle({
    eligible:
      active !== undefined &&
      mayIdle({
        ready: state.load === 'ready' && !state.expired,
        imagesLoading,
        scanRunning: isScanRunning(active),
        modelId: active.lab.anatomicalModelId,
      }),
    keepalive: () => {
      if (!active) return;
      // A session the server has closed answers 700701: Session expired.
      keepalive(active.session.id).catch((error: unknown) => {
        if (error instanceof ApiError && isInstanceNotRunning(error.code)) dispatch({ type: 'expired' });
      });
    },
    onExpire: () => {
      if (!active) return;
      void closeSession(active.session.id)
        .catch(() => undefined)
        .then(closeModule);
    },
  });
  // One object while the session is the same: the simulator's pages render again when it changes, not each
  // time this wrapper does (a refetch renders it before the session it loaded is stored; issue 20, "Speed").
  const context: SimulatorContext | undefined = useMemo(
    () =>
      active && {
        active,
        sessionId: active.session.id,
        expire: () => dispatch({ type: 'expired' }),
        closeModule,
      },
    [active, closeModule],
  );

  return (
    <>
      {state.load === 'loading' && (
        <Center h="100vh">
          <Stack align="center">
            <Loader aria-label="Opening the session" />
            <Text>Opening the session…</Text>
          </Stack>
        </Center>
      )}
      {state.load === 'failed' && state.error !== undefined && (
        <Center h="100vh" p="xl">
          <Alert color="red" title="The session could not be opened" role="alert" maw={560}>
            {state.error}
          </Alert>
        </Center>
      )}
      {/* eslint-disable-next-line react-hooks/refs -- `leaving` is written in handlers and read only by the
          blocker's callback, never while rendering */}
      {context && <Outlet context={context} />}
      <SessionExpiredDialog
        opened={state.expired}
        onDismiss={() => dispatch({ type: 'dismissExpired' })}
        onCloseModule={closeModule}
      />
      <LeaveDialog
        opened={blocker.state === 'blocked'}
        onStay={() => blocker.state === 'blocked' && blocker.reset()}
        onLeave={leave}
      />
      <InactivityDialog
        countdown={idle.countdown === undefined ? undefined : countdownText(idle.countdown)}
        onStay={idle.stay}
      />
      <PerformanceWarningBanner contexts={webGlWarning} />
      <WebGlNotSupportedDialog
        opened={state.webGl === 'unsupported'}
        onClose={() => void navigate('/dashboard')}
      />
    </>
  );
}
