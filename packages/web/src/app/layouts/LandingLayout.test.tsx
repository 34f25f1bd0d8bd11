import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LANDING_FIGURES } from '../../../build/landing-figures.ts';
import { figureFileName } from '../../../build/render-figure.ts';
import { LANDING_IMAGES, LandingLayout } from './LandingLayout.tsx';

describe('the landing page (/, issue "Accessibility and look")', () => {
  it('shows only images the build renders: every image names a figure of build/landing-figures.ts', () => {
    const rendered = new Set(LANDING_FIGURES.map((figure) => `/figures/landing/${figureFileName(figure)}`));
    expect(LANDING_IMAGES.map((image) => image.src).filter((src) => !rendered.has(src))).toEqual([]);
    expect(LANDING_IMAGES).toHaveLength(LANDING_FIGURES.length);
  });

  it('says what Larmor is for beside the sign-in form, each image described and the Colin27 notice linked', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<LandingLayout />}>
              <Route path="/" element={<form aria-label="Sign in form" />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Learn MRI by scanning.' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Sign in form' })).toBeTruthy();
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(
      LANDING_IMAGES.map((image) => image.alt),
    );
    expect(images.every((image) => (image.getAttribute('alt') ?? '').length > 20)).toBe(true);
    expect(screen.getByRole('link', { name: 'notice' }).getAttribute('href')).toBe(
      '/figures/landing/COPYRIGHT-colin27.txt',
    );
  });
});
