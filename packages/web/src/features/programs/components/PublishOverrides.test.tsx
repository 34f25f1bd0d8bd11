import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { PublishOverrides as Overrides } from '@larmor/contracts/programs';
import { PublishOverrides, PublishOverridesList } from './PublishOverrides.tsx';
import { renderWithProviders } from '../../../test/providers.testing.tsx';

const PROGRAM_ID = '00000000-0000-4000-8000-000000000001';
const LAB_ID = '00000000-0000-4000-8000-000000000002';
const GONE_LAB_ID = '00000000-0000-4000-8000-000000000003';
const TEACHER_ID = '00000000-0000-4000-8000-000000000004';
const SET_AT = '2026-11-20T10:00:00.000Z';

function serve(answer: Overrides | { status: number; message: string }) {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    paths.push(new URL(url, 'http://localhost').pathname);
    if ('status' in answer)
      return new Response(
        JSON.stringify({ error: { message: answer.message, code: 400403, cause: 'forbidden' } }),
        { status: answer.status, headers: { 'Content-Type': 'application/json' } },
      );
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  renderWithProviders(
    <>
      <PublishOverrides programId={PROGRAM_ID} />
      <p>Editor</p>
    </>,
  );
  return paths;
}

describe('publish overrides in the program editor (issue 21.2)', () => {
  it('shows each reason with who gave it, when, and what failed', async () => {
    const paths = serve({
      overrides: [
        {
          id: '00000000-0000-4000-8000-000000000005',
          reason: 'Stretch goal for this cohort',
          failing: [
            { labId: LAB_ID, title: 'Knee basics', objectiveTitles: ['Sharp', 'Short scan'] },
            { labId: GONE_LAB_ID, title: null, objectiveTitles: ['wrap'] },
          ],
          setBy: { id: TEACHER_ID, name: 'Tess Teacher' },
          setAt: SET_AT,
        },
      ],
    });
    const line = await screen.findByText(/^Published despite failing objectives:/);
    expect(line.textContent).toBe(
      `Published despite failing objectives: Stretch goal for this cohort, by Tess Teacher, ${new Date(SET_AT).toLocaleString()}`,
    );
    expect(
      screen.getByText('Failing then: Knee basics (Sharp, Short scan); A module since removed (wrap)'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Published over failing reference checks' })).toBeTruthy();
    expect(paths).toEqual([`/api/v1/programs/${PROGRAM_ID}/publish-overrides`]);
  });

  it('shows nothing while the program was never published over failing checks', () => {
    const { container } = render(
      <MantineProvider env="test">
        <PublishOverridesList overrides={[]} />
      </MantineProvider>,
    );
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says why when it cannot be read', async () => {
    serve({ status: 403, message: 'Only the program’s editors read this' });
    expect((await screen.findByRole('alert')).textContent).toContain('Only the program’s editors read this');
  });
});
