import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { competencyMap } from '@larmor/contracts/competencies';
import { CompetencyMapTables } from './CompetencyMap.tsx';

const PROGRAM_ID = '00000000-0000-4000-8000-000000000001';
const COURSE_ID = '00000000-0000-4000-8000-000000000002';
const LAB_ID = '00000000-0000-4000-8000-000000000003';

describe('the competency map for teachers (issue 24.3)', () => {
  it('lists each competency with the modules and objectives that assess it, and No data where none does', () => {
    const map = competencyMap([
      {
        labId: LAB_ID,
        courseId: COURSE_ID,
        program: 'MRI Fundamentals',
        course: 'Contrast and weighting',
        title: 'T2 brain',
        competencies: ['image-contrast'],
        objectives: [
          { id: 'w', kind: 'weighting', title: 'T2 weighting' },
          { id: 'a', kind: 'orientation', title: 'Axial slices' },
        ],
      },
    ]);
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <CompetencyMapTables programId={PROGRAM_ID} map={map} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const contrast = screen.getByRole('region', { name: 'Image contrast and weighting' });
    const link = within(contrast).getByRole('link', { name: 'T2 brain' });
    expect(link.getAttribute('href')).toBe(`/browse/${PROGRAM_ID}/${COURSE_ID}/modules/${LAB_ID}`);
    expect(within(contrast).getByText('T2 weighting')).toBeTruthy();
    expect(within(contrast).getByText('Yes')).toBeTruthy();
    // The orientation objective assesses planning, which the module does not name.
    const planning = screen.getByRole('region', { name: 'Planning and positioning' });
    expect(within(planning).getByText('Axial slices')).toBeTruthy();
    expect(within(planning).getByText('No')).toBeTruthy();
    const safety = screen.getByRole('region', { name: 'MR safety and SAR' });
    expect(within(safety).getByText('No data')).toBeTruthy();
  });
});
