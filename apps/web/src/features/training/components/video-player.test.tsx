import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TrainingItem } from '@spotzcity/shared/training';
import { fetchByPath, renderRoutes } from '../../../test/render.tsx';
import { VideoPlayer } from './video-player.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const signed = (id: number, stamp: string) =>
  `/api/training/media/${id}?u=1&t=tok&e=${stamp}&s=sig`;

const video = (url: string): TrainingItem => ({
  id: 7,
  type: 'video',
  source: 'file',
  url,
  downloadUrl: `${url}&download=1`,
  embedUrl: null,
  fileName: 'Sourcing 101.mp4',
  category: 'Onboarding',
  contentType: 'video/mp4',
  size: 1024,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The list the server answers now: the same video under a URL signed at `stamp`. */
const listAnswers = (stamp: string) =>
  fetchMock.mockImplementation(
    fetchByPath({
      '/api/training/list/video': [{ category: 'Onboarding', data: [video(signed(7, stamp))] }],
    }),
  );

const player = (url: string) => {
  renderRoutes([{ path: '/', element: <VideoPlayer item={video(url)} /> }], '/');
  return screen.getByTestId('training-video') as HTMLVideoElement;
};

describe('VideoPlayer', () => {
  it('asks for a new link once the one it plays fails, and plays that one', async () => {
    listAnswers('2000');
    const element = player(signed(7, '1000'));
    expect(element.getAttribute('src')).toBe(signed(7, '1000'));

    fireEvent.error(element);
    await waitFor(() => expect(element.getAttribute('src')).toBe(signed(7, '2000')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/training/list/video');

    // Loaded again, a later failure renews again; the new link failing before it loads is final.
    fireEvent.loadedMetadata(element);
    listAnswers('3000');
    fireEvent.error(element);
    await waitFor(() => expect(element.getAttribute('src')).toBe(signed(7, '3000')));
    fireEvent.error(element);
    await screen.findByTestId('training-video-fallback');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('offers the download when the list gives the same link again (the format, not the link)', async () => {
    listAnswers('1000');
    const element = player(signed(7, '1000'));
    fireEvent.error(element);
    const fallback = await screen.findByTestId('training-video-fallback');
    expect(fallback.querySelector('a')?.getAttribute('href')).toBe(
      `${signed(7, '1000')}&download=1`,
    );
  });
});
