import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications, Notifications } from '@mantine/notifications';
import type { ModuleReferenceAnswer } from '@larmor/contracts/attempts';
import { session } from '#lib/session.ts';
import { KEEP_AS_REFERENCE, KeepAsReference, REFERENCE_SAVED } from './KeepAsReference.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const LAB_ID = '00000000-0000-4000-8000-0000000000aa';
const SCAN_ID = '00000000-0000-4000-8000-0000000000bb';
const RESULT_ID = '00000000-0000-4000-8000-0000000000cc';
const OLD_RESULT_ID = '00000000-0000-4000-8000-0000000000dd';
const USER_ID = '00000000-0000-4000-8000-0000000000ee';

function signInAs(scope: string) {
  const payload = btoa(JSON.stringify({ uid: 'u1', scope, exp: Math.floor(Date.now() / 1000) + 3600 }));
  session.authenticate({ accessToken: `h.${payload.replace(/=+$/, '')}.s`, refreshToken: 'r' });
}

const reference = (scanResultId: string) => ({
  labId: LAB_ID,
  scanResultId,
  userId: USER_ID,
  setAt: '2026-11-20T10:00:00.000Z',
});

/** The scans kept, in order. */
const kept = vi.hoisted((): string[] => []);
// Keeping the scan (POST v1/scan-results, tested with its schema elsewhere) answers the kept scan result.
vi.mock('#entities/attempt/api/attempts.ts', () => ({
  keepScan: vi.fn((scanId: string) => {
    kept.push(scanId);
    return Promise.resolve({ id: RESULT_ID });
  }),
}));

interface Served {
  answer: ModuleReferenceAnswer;
  /** The PUT's answer: 200 with the reference, or a refusal. */
  put?: { status: number; body: unknown };
}

/** Answers the reference calls; records every API call as "METHOD path body". */
function stubApi(served: Served) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    // The client's own token refresh is not a call of the action.
    if (path.startsWith('v1/')) calls.push(`${method} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === `v1/modules/${LAB_ID}/reference` && method === 'GET') return json(served.answer);
    if (path === `v1/modules/${LAB_ID}/reference` && method === 'PUT')
      return json(served.put?.body ?? reference(RESULT_ID), served.put?.status ?? 200);
    return json({ error: { message: 'Not found', code: 400400, cause: 'not_found' } }, 404);
  });
  return calls;
}

function renderAction(scanId: string | undefined) {
  renderWithProviders(
    <>
      <Notifications />
      <KeepAsReference labId={LAB_ID} scanId={scanId} scanName="T2 TSE" />
    </>,
  );
}

describe('Keep as module reference in the simulator (issue 21.2)', () => {
  // Toasts live in one store for the whole file: each test starts with none.
  beforeEach(() => {
    kept.length = 0;
    act(() => notifications.clean());
  });

  it('a student never sees the action, and the reference is not even asked for', async () => {
    signInAs('Student');
    const calls = stubApi({ answer: { reference: null, canMark: false } });
    renderAction(SCAN_ID);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: KEEP_AS_REFERENCE })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a teacher who may not mark this module’s reference (canMark false) does not see it', async () => {
    signInAs('Teacher');
    const calls = stubApi({ answer: { reference: null, canMark: false } });
    renderAction(SCAN_ID);
    await waitFor(() => expect(calls).toEqual([`GET v1/modules/${LAB_ID}/reference`]));
    expect(screen.queryByRole('button', { name: KEEP_AS_REFERENCE })).toBeNull();
  });

  it('the module’s teacher keeps the shown scan as the first reference at once: "Reference saved"', async () => {
    signInAs('Teacher');
    const calls = stubApi({ answer: { reference: null, canMark: true } });
    renderAction(SCAN_ID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: KEEP_AS_REFERENCE }));
    expect(await screen.findByText(REFERENCE_SAVED)).toBeTruthy();
    expect(kept).toEqual([SCAN_ID]);
    expect(calls).toContain(`PUT v1/modules/${LAB_ID}/reference {"scanResultId":"${RESULT_ID}"}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('replacing an existing reference asks first; Cancel writes nothing', async () => {
    signInAs('Teacher');
    const calls = stubApi({ answer: { reference: reference(OLD_RESULT_ID), canMark: true } });
    renderAction(SCAN_ID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: KEEP_AS_REFERENCE }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the module’s reference?' });
    expect(dialog.textContent).toContain('Keep “T2 TSE” instead?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect(kept).toEqual([]);

    await user.click(screen.getByRole('button', { name: KEEP_AS_REFERENCE }));
    await user.click(await screen.findByRole('button', { name: 'Replace the reference' }));
    expect(await screen.findByText(REFERENCE_SAVED)).toBeTruthy();
    expect(calls).toContain(`PUT v1/modules/${LAB_ID}/reference {"scanResultId":"${RESULT_ID}"}`);
  });

  it('a refusal is shown in words in the dialog, and nothing says saved', async () => {
    signInAs('Teacher');
    stubApi({
      answer: { reference: reference(OLD_RESULT_ID), canMark: true },
      put: {
        status: 403,
        body: {
          error: {
            message: 'Only your own scan result can be a reference',
            code: 400403,
            cause: 'forbidden',
          },
        },
      },
    });
    renderAction(SCAN_ID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: KEEP_AS_REFERENCE }));
    await user.click(await screen.findByRole('button', { name: 'Replace the reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the module’s reference?' });
    await waitFor(() => expect(dialog.textContent).toContain('Only your own scan result can be a reference'));
    expect(screen.queryByText(REFERENCE_SAVED)).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('without a finished scan shown there is nothing to keep', async () => {
    signInAs('Admin');
    const calls = stubApi({ answer: { reference: null, canMark: true } });
    renderAction(undefined);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: KEEP_AS_REFERENCE })).toBeNull();
  });
});
