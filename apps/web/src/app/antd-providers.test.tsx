import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { AntdProviders } from './antd-providers.tsx';

/** What antd's token says about motion inside the providers. */
function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</span>;
}

/** A window whose user asks, or not, for reduced motion. */
function userAsksForReducedMotion(reduce: boolean) {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchMedia(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }));
}

describe('AntdProviders', () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns antd's motion off for a user who asks for reduced motion", () => {
    userAsksForReducedMotion(true);
    render(
      <AntdProviders>
        <Motion />
      </AntdProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false 0s');
  });

  it("keeps antd's motion for everyone else", () => {
    userAsksForReducedMotion(false);
    render(
      <AntdProviders>
        <Motion />
      </AntdProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true 0.2s');
  });
});
