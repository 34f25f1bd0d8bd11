import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { config } from '#lib/config.ts';
import { UpgradeSubscriptionPage } from './UpgradeSubscriptionPage.tsx';

describe('/upgrade-subscription', () => {
  it('lists what the free plan includes, what the paid plan adds, and the upgrade contact', () => {
    render(
      <MantineProvider env="test">
        <UpgradeSubscriptionPage />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'The free plan includes' })).toBeTruthy();
    expect(screen.getByText('1.5 T scanner')).toBeTruthy();
    expect(screen.getByText('Brain and Knee')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The paid plan adds' })).toBeTruthy();
    expect(screen.getByText(/Every sequence family: .*TSE.*FLAIR.*DWI/)).toBeTruthy();
    expect(screen.getByRole('link', { name: config.upgradeEmail }).getAttribute('href')).toBe(
      `mailto:${config.upgradeEmail}`,
    );
  });
});
