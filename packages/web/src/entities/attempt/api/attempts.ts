/**
 * The attempt calls a student makes (issue 14, ATTEMPT_PATHS): read, start, submit, ask for a regrade; the
 * module (its objectives name the questions); the caller's finished scans of the module (GET v2/me/scans) and
 * keeping one as a scan result (POST v1/scan-results). Errors pass their message to the caller.
 *
 * The student's own attempts, scans and attempts left change in other tabs (the simulator opens in one, issue
 * 20.12b) and on other pages: those queries are never fresh for long (`ALWAYS_REFETCH`), so coming back to the
 * attempt page shows the scans just made and the attempts left now, not what the cache held minutes ago.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ATTEMPT_PATHS,
  labAttemptSchema,
  scanResultSchema,
  type AttemptGrade,
  type AttemptSubmit,
  type LabAttempt,
  type ScanResult,
} from '@larmor/contracts/attempts';
import { apiPath } from '@larmor/contracts/programs';
import { ownScansResponseSchema, STUDENT_PATHS, type OwnScansResponse } from '@larmor/contracts/students';
import { getModule } from '#entities/program/api/get-module.ts';
import { api } from '#lib/api.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

const attemptsQueryKey = ['attempts'] as const;

/** Refetched whenever a page using it mounts or the window regains focus (the app's default keeps 5 minutes). */
const ALWAYS_REFETCH = { staleTime: 0 } as const;

export function getAttempt(id: string): Promise<LabAttempt> {
  return api.request(apiPath(ATTEMPT_PATHS.attempt, { labAttemptId: id }), { schema: labAttemptSchema });
}

/** The attempt; `pollMs` (from the attempt held) asks again while something on it is about to change. */
export function useAttempt(
  id: string,
  enabled = true,
  pollMs?: (attempt: LabAttempt | undefined) => number | false,
) {
  return useQuery({
    queryKey: [...attemptsQueryKey, 'one', id],
    queryFn: () => getAttempt(id),
    enabled,
    refetchInterval: (query: { state: { data: LabAttempt | undefined } }) =>
      pollMs === undefined ? false : pollMs(query.state.data),
  });
}

export function listOwnAttempts(labId: string): Promise<LabAttempt[]> {
  return api.request(apiPath(ATTEMPT_PATHS.moduleAttempts, { labId }), { schema: z.array(labAttemptSchema) });
}

export function useOwnAttempts(labId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...attemptsQueryKey, 'module', labId],
    queryFn: () => listOwnAttempts(labId),
    enabled,
    ...ALWAYS_REFETCH,
  });
}

export function useLab(labId: string) {
  return useQuery({
    queryKey: [...attemptsQueryKey, 'lab', labId],
    queryFn: () => getModule(labId),
    ...ALWAYS_REFETCH,
  });
}

export function getOwnScans(labId: string): Promise<OwnScansResponse> {
  return api.request(STUDENT_PATHS.myScans, {
    query: { labId },
    schema: ownScansResponseSchema,
  });
}

export function useOwnScans(labId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...attemptsQueryKey, 'scans', labId],
    queryFn: () => getOwnScans(labId),
    enabled,
    ...ALWAYS_REFETCH,
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  return useInvalidatingMutation(fn, [attemptsQueryKey]);
}

export function useStartAttempt(labId: string) {
  return useInvalidating((): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.moduleAttempts, { labId }), {
      method: 'POST',
      body: {},
      schema: labAttemptSchema,
    }),
  );
}

/** POST v1/scan-results {scanId}: keeps one of the caller's finished scans as a scan result. */
export function keepScan(scanId: string): Promise<ScanResult> {
  return api.request(ATTEMPT_PATHS.scanResults, {
    method: 'POST',
    body: { scanId },
    schema: scanResultSchema,
  });
}

export function useKeepScan() {
  return useInvalidating(keepScan);
}

export function useSubmitAttempt(id: string) {
  return useInvalidating((body: AttemptSubmit): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.submit, { labAttemptId: id }), {
      method: 'POST',
      body,
      schema: labAttemptSchema,
    }),
  );
}

export function useRequestRegrade(id: string) {
  return useInvalidating((reason: string): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.regrade, { labAttemptId: id }), {
      method: 'POST',
      body: { reason },
      schema: labAttemptSchema,
    }),
  );
}

export function useStaffAttempts(labId: string) {
  return useQuery({
    queryKey: [...attemptsQueryKey, 'module', labId, 'staff'],
    queryFn: () => listOwnAttempts(labId),
  });
}

export function useGradeAttempt(id: string) {
  return useInvalidating((body: AttemptGrade): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.grade, { labAttemptId: id }), {
      method: 'POST',
      body,
      schema: labAttemptSchema,
    }),
  );
}

export function useReleaseAttempt(id: string) {
  return useInvalidating((): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.release, { labAttemptId: id }), {
      method: 'POST',
      body: {},
      schema: labAttemptSchema,
    }),
  );
}

/** Staff: send the released score again to the learning platforms that failed it (LTI AGS, issue 27.4). */
export function useRetryGradeReturns(id: string) {
  return useInvalidating((): Promise<LabAttempt> =>
    api.request(apiPath(ATTEMPT_PATHS.gradeReturnsRetry, { labAttemptId: id }), {
      method: 'POST',
      body: {},
      schema: labAttemptSchema,
    }),
  );
}
