import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModuleBrief } from './ModuleBriefPanel.tsx';

const BRIEF = {
  instructions: '## Goal\n\nMake **CSF** bright.',
  objectiveSummaries: [
    {
      id: 'w',
      kind: 'weighting',
      title: 'Get the right image weighting',
      points: 2,
      mustPass: false,
      questionId: null,
    },
    {
      id: 'f',
      kind: 'diagnoseFix',
      title: 'Name and fix the artifact',
      points: 1,
      mustPass: false,
      questionId: 'a',
    },
  ],
};

function renderBrief(brief = BRIEF) {
  render(
    <MantineProvider env="test">
      <ModuleBrief brief={brief} />
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'Module instructions and objectives' });
}

describe('the simulator’s module instructions and objectives panel (issue 20.2)', () => {
  it('starts closed: its button says so and the texts are hidden', () => {
    const button = renderBrief();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Module instructions and objectives' })).toBeNull();
    const body = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(body?.hidden).toBe(true);
  });

  it('opens from the keyboard (Enter, then Space closes it) and shows the instructions and each objective with its points and the total', async () => {
    const user = userEvent.setup();
    const button = renderBrief();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'Module instructions and objectives' });
    expect(screen.getByRole('heading', { name: 'Goal' })).toBeTruthy();
    expect(region.textContent).toContain('Make CSF bright.');
    const items = Array.from(region.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual([
      'Get the right image weighting — 2 points',
      'Name and fix the artifact — 1 point',
    ]);
    expect(region.textContent).toContain('Total: 3 points');
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Module instructions and objectives' })).toBeNull();
  });

  it('says when the module has no objectives or instructions', async () => {
    const user = userEvent.setup();
    await user.click(renderBrief({ instructions: ' ', objectiveSummaries: [] }));
    const region = screen.getByRole('region', { name: 'Module instructions and objectives' });
    expect(region.textContent).toContain('No instructions for this module.');
    expect(region.textContent).toContain('This module has no automatic objectives.');
  });
});
