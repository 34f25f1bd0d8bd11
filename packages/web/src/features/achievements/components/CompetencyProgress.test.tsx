import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { COMPETENCIES, type CompetencyProgress } from '@larmor/contracts/competencies';
import { CompetencyProgressTable, passedPercent } from './CompetencyProgress.tsx';

const progress = (rows: Record<string, [number, number, number]>): CompetencyProgress => ({
  competencies: COMPETENCIES.map((c) => {
    const [modules, checks, passed] = rows[c.id] ?? [0, 0, 0];
    return { id: c.id, title: c.title, modules, checks, passed };
  }),
});

const renderTable = (p: CompetencyProgress) =>
  render(
    <MantineProvider env="test">
      <CompetencyProgressTable progress={p} />
    </MantineProvider>,
  );

describe('a student’s progress by competency (issue 24.3)', () => {
  it('shows No data before any module is graded', () => {
    renderTable(progress({}));
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('shows each assessed competency with its checks passed and a labelled bar', () => {
    renderTable(progress({ 'image-contrast': [2, 4, 3], safety: [1, 1, 0] }));
    expect(screen.getByText('Image contrast and weighting')).toBeTruthy();
    expect(screen.getByText('3 of 4')).toBeTruthy();
    expect(screen.getByLabelText('Image contrast and weighting: 75 % of checks passed')).toBeTruthy();
    expect(screen.getByLabelText('MR safety and SAR: 0 % of checks passed')).toBeTruthy();
    expect(screen.queryByText('Planning and positioning')).toBeNull();
  });

  it('rounds the percentage and answers 0 without checks', () => {
    expect(passedPercent({ checks: 3, passed: 2 })).toBe(67);
    expect(passedPercent({ checks: 0, passed: 0 })).toBe(0);
  });
});
