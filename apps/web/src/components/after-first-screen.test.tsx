import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  AfterFirstScreen,
  FirstScreenPending,
  lazyPart,
  useFirstScreenComplete,
  useFirstScreenPending,
} from './after-first-screen.tsx';
import { runPrintPreparations } from './print-events.ts';

/** A first-screen card whose figures are `pending`. */
function Headline({ pending }: { pending: boolean }) {
  useFirstScreenPending(pending);
  return <p>{pending ? 'loading figures' : 'figures'}</p>;
}

function lowerCard() {
  const load = vi.fn(() => Promise.resolve(() => <p>lower card</p>));
  const LowerCard = lazyPart(load);
  /** The headline (its figures `pending`) and the lower card, loaded on its own. */
  const page = (pending: boolean) => (
    <>
      <Headline pending={pending} />
      <AfterFirstScreen load={LowerCard.load} placeholder={<p>placeholder</p>}>
        <LowerCard />
      </AfterFirstScreen>
    </>
  );
  return { load, page };
}

const paints = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('AfterFirstScreen with a part loaded on its own', () => {
  it("asks for the part's code only once the first screen has painted its figures", async () => {
    const { load, page } = lowerCard();
    const { rerender } = render(page(true));
    await paints();
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('placeholder')).toBeTruthy();

    rerender(page(false));
    expect(await screen.findByText('lower card')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not wait more than two seconds for figures that take longer', async () => {
    const { load, page } = lowerCard();
    render(page(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('lower card', undefined, { timeout: 1500 })).toBeTruthy();
  });

  it('is loaded and rendered before printing, whatever the first screen waits for', async () => {
    const { page } = lowerCard();
    render(page(true));
    await act(() => runPrintPreparations());
    expect(screen.getByText('lower card')).toBeTruthy();
  });
});

describe('useFirstScreenComplete', () => {
  function Saved() {
    return <p>{useFirstScreenComplete() ? 'asks for the saved text' : 'waits'}</p>;
  }

  /** `Saved` beside what keeps the first screen waiting while `waiting`, then beside it done. */
  async function waitsFor(what: (waiting: boolean) => ReactNode) {
    const page = (waiting: boolean) => (
      <>
        {what(waiting)}
        <Saved />
      </>
    );
    const { rerender } = render(page(true));
    await paints();
    expect(screen.getByText('waits')).toBeTruthy();

    rerender(page(false));
    expect(await screen.findByText('asks for the saved text')).toBeTruthy();
  }

  it('is false while the first screen waits for its figures, then true once they painted', () =>
    waitsFor((pending) => <Headline pending={pending} />));

  it("waits for a page whose code is still loading (its fallback's FirstScreenPending)", () =>
    waitsFor((loading) => (loading ? <FirstScreenPending /> : <p>page</p>)));
});
