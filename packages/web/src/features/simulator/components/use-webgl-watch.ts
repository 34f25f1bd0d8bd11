/**
 * The WebGL context watch of simulator.md §4 on the pure rules of state/webgl-contexts.ts: counts this tab's
 * contexts every WEBGL_CHECK_INTERVAL_MS; answers the count while the Performance Warning banner should show, and
 * reports an error once per page when the count reaches the error level.
 */
import { useEffect, useRef, useState } from 'react';
import { reportError } from '#entities/error-report/api/report-error.ts';
import {
  countWebGlContexts,
  installWebGlCounter,
  WEBGL_CHECK_INTERVAL_MS,
  webGlCheck,
} from '../state/webgl-contexts.ts';

export function useWebGlWatch(): number | undefined {
  // Installed while the page first renders, before any viewer below it creates a context in its effects.
  useState(() => installWebGlCounter());
  const [warning, setWarning] = useState<number | undefined>(undefined);
  const reported = useRef(false);

  useEffect(() => {
    const check = () => {
      const contexts = countWebGlContexts();
      const { banner, report } = webGlCheck(contexts, reported.current);
      if (report) {
        reported.current = true;
        reportError({
          name: 'WebGLContextLimit',
          message: `${contexts} WebGL contexts are open in one tab of the simulator`,
          context: { contexts },
        });
      }
      setWarning(banner ? contexts : undefined);
    };
    const timer = setInterval(check, WEBGL_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return warning;
}
