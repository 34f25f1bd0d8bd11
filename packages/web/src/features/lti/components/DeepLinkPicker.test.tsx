import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LtiDeepLinkRequest } from '@larmor/contracts/lti-deep-linking';
import { DeepLinkPicker } from './DeepLinkPicker.tsx';
import { choiceOf } from './deep-link-choice.ts';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const FIND = { timeout: 5_000 };
const LINK_ID = '00000000-0000-4000-8000-0000000000d1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const REQUEST: LtiDeepLinkRequest = {
  id: LINK_ID,
  platformName: 'Moodle',
  organisationName: 'Alpha School',
  title: null,
  expiresAt: '2026-11-28T20:00:00.000Z',
  programs: [
    {
      id: id(1),
      title: 'Neuro MRI',
      courses: [
        { id: id(2), title: 'Contrast', modules: [{ id: id(3), title: 'T2 spin echo' }] },
        { id: id(4), title: 'Empty course', modules: [] },
      ],
    },
  ],
};

/** Renders the picker against a fake API answering `request` and recording the posted choice. */
function renderPicker(request: LtiDeepLinkRequest, onChosen: (url: string) => void) {
  const posted: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path !== `v1/lti/deep-linking/requests/${LINK_ID}`)
      return json({ error: { message: 'Not found', code: 404, cause: 'not found' } }, 404);
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return json({ responseUrl: 'http://localhost/api/v1/lti/deep-linking/response?token=t' });
    }
    return json(request);
  });
  renderWithProviders(<DeepLinkPicker linkId={LINK_ID} onChosen={onChosen} />);
  return posted;
}

afterEach(() => vi.restoreAllMocks());

describe('the deep-linking picker (issue 27.3)', () => {
  it('offers the programs and their modules as one labelled radio group, and sends the chosen module', async () => {
    const onChosen = vi.fn();
    const posted = renderPicker(REQUEST, onChosen);
    const group = await screen.findByRole('radiogroup', { name: /Content to link/ }, FIND);
    expect(group).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add to Moodle' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('radio', { name: /Neuro MRI/ })).toBeTruthy();
    expect(screen.getByText('No modules yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'T2 spin echo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add “T2 spin echo” to Moodle' }));
    await waitFor(() => expect(onChosen).toHaveBeenCalledWith(expect.stringContaining('token=t')));
    expect(posted).toEqual([{ kind: 'module', id: id(3) }]);
    expect(screen.getByRole('status').textContent).toBe('Returning to Moodle…');
  });

  it('says so when the organisation has no published program', async () => {
    renderPicker({ ...REQUEST, programs: [] }, vi.fn());
    expect(await screen.findByText('No published programs to link', {}, FIND)).toBeTruthy();
  });

  it('reads a radio value back as the module or program it names, and nothing else', () => {
    expect(choiceOf(`program:${id(1)}`, REQUEST.programs)).toEqual({ kind: 'program', id: id(1) });
    expect(choiceOf(`module:${id(3)}`, REQUEST.programs)).toEqual({ kind: 'module', id: id(3) });
    expect(choiceOf(`module:${id(1)}`, REQUEST.programs)).toBeNull();
    expect(choiceOf(null, REQUEST.programs)).toBeNull();
  });
});
