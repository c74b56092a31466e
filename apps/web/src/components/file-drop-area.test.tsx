import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { FileDropArea, isAccepted } from './file-drop-area.tsx';

const xlsx = (name = 'spend.xlsx') => new File(['x'], name, { type: 'application/octet-stream' });

function renderArea(onFiles = vi.fn()) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FileDropArea accept={{ extensions: ['.xlsx'] }} onFiles={onFiles} />
    </I18nextProvider>,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  return { onFiles, input };
}

describe('FileDropArea', () => {
  it('shows the spec text', () => {
    renderArea();
    expect(screen.getByText('Drop Your Files Here')).toBeTruthy();
  });

  it('passes on an accepted file', async () => {
    const { onFiles, input } = renderArea();
    fireEvent.change(input, { target: { files: [xlsx()] } });
    await vi.waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(onFiles.mock.calls[0]?.[0][0].name).toBe('spend.xlsx');
  });

  it('refuses other files with a message and sends nothing', async () => {
    const { onFiles } = renderArea();
    const area = screen.getByTestId('file-drop-area').querySelector('.ant-upload') as HTMLElement;
    fireEvent.drop(area, { dataTransfer: { files: [xlsx('notes.csv')], types: ['Files'] } });
    expect(await screen.findByText('Only .xlsx files can be uploaded here.')).toBeTruthy();
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('matches extensions case-insensitively and optional MIME types', () => {
    expect(isAccepted({ name: 'A.XLSX', type: '' }, { extensions: ['.xlsx'] })).toBe(true);
    expect(
      isAccepted(
        { name: 'clip', type: 'video/mp4' },
        { extensions: ['.mp4'], mimeTypes: ['video/mp4'] },
      ),
    ).toBe(true);
    expect(isAccepted({ name: 'a.xls', type: '' }, { extensions: ['.xlsx'] })).toBe(false);
  });
});
