/**
 * The export bar's placeholder holds the bar's place (issue #19: nothing in a dashboard's heading
 * moves when the bar's code comes): the same buttons, in the same order, with an icon each.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { DeferredExportBar } from './deferred-export-bar.tsx';

const texts = (buttons: HTMLElement[]) => buttons.map((b) => b.textContent);
const icons = (buttons: HTMLElement[]) => buttons.map((b) => b.querySelector('.anticon') !== null);

describe('DeferredExportBar', () => {
  for (const withExcel of [true, false]) {
    it(`holds the bar's buttons until it comes (${withExcel ? 'with' : 'without'} Excel)`, async () => {
      const { container } = renderRoutes(
        [
          {
            path: '/',
            element: (
              <DeferredExportBar
                report={{ key: 'spend', body: { selectedIds: [] } }}
                analysis=""
                {...(withExcel ? { onExcel: () => Promise.resolve() } : {})}
              />
            ),
          },
        ],
        '/',
      );
      // Hidden from readers and inert, so it is found in the document, not by role.
      const placeholder = [...container.querySelectorAll<HTMLElement>('[inert] button')];
      expect(placeholder.length).toBe(withExcel ? 4 : 3);
      const bar = within(await screen.findByTestId('export-bar')).getAllByRole('button');
      expect(texts(placeholder)).toEqual(texts(bar));
      expect(icons(placeholder)).toEqual(icons(bar));
      expect(container.querySelector('[inert]')).toBeNull();
    });
  }
});
