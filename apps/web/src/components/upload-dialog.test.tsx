import { fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { AlertProvider } from './alert-modal.tsx';
import { UploadDialog, type UploadDialogProps } from './upload-dialog.tsx';

type Values = { category: string; url?: string };

function renderDialog(props: Partial<UploadDialogProps<Values>> = {}) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <AlertProvider>
        <UploadDialog<Values>
          open
          title="Add Module"
          path="/api/training/module"
          accept={{ extensions: ['.pdf'] }}
          toFormData={() => new FormData()}
          onClose={onClose}
          onDone={onDone}
          initialValues={{ category: 'Guides' }}
          {...props}
        >
          <Form.Item name="category" label="Category">
            <Input />
          </Form.Item>
        </UploadDialog>
      </AlertProvider>
    </I18nextProvider>,
  );
  return { onDone, onClose };
}

describe('UploadDialog', () => {
  it('asks for a file before sending anything', async () => {
    renderDialog();
    expect(screen.getByText('Drop Your Files Here')).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-dialog-submit'));
    expect(await screen.findByText('Choose a file to upload.')).toBeTruthy();
  });

  it('shows the chosen file with its size', async () => {
    renderDialog();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'.repeat(2048)], 'Guide.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Guide.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
  });

  it('adds through the alternative without a file and reports the server message', async () => {
    const submit = vi.fn().mockResolvedValue({ message: 'Training record added successfully' });
    const { onDone, onClose } = renderDialog({
      alternative: {
        fileLabel: 'Upload a file',
        label: 'Add a link',
        fields: (
          <Form.Item name="url" label="Video link">
            <Input />
          </Form.Item>
        ),
        submit,
      },
    });
    fireEvent.click(screen.getByText('Add a link'));
    fireEvent.change(await screen.findByLabelText('Video link'), {
      target: { value: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    fireEvent.click(screen.getByTestId('upload-dialog-submit'));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(submit).toHaveBeenCalledWith({
      category: 'Guides',
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Training record added successfully')).toBeTruthy();
  });

  it("lists a refused file's problems by row and column in the error alert", async () => {
    const submit = vi.fn().mockRejectedValue(
      new ApiError(
        400,
        'The file was not imported',
        [],
        [
          { row: 3, column: 'DUNS', message: 'DUNS must be 9 digits' },
          { row: 5, column: 'Business Name', message: 'Required' },
        ],
      ),
    );
    const { onDone } = renderDialog({
      alternative: { fileLabel: 'Upload a file', label: 'Add a link', fields: null, submit },
    });
    fireEvent.click(screen.getByText('Add a link'));
    fireEvent.click(screen.getByTestId('upload-dialog-submit'));
    expect(await screen.findByText('The file was not imported')).toBeTruthy();
    const details = screen.getByTestId('alert-details');
    expect(details.textContent).toContain('Row 3, DUNS: DUNS must be 9 digits');
    expect(details.textContent).toContain('Row 5, Business Name: Required');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('starts empty when opened again before its closing animation has ended', async () => {
    const dialog = (open: boolean) => (
      <I18nextProvider i18n={i18n}>
        <AlertProvider>
          <UploadDialog<Values>
            open={open}
            title="Add Videos"
            path="/api/training/video"
            accept={{ extensions: ['.mp4'] }}
            toFormData={() => new FormData()}
            onClose={() => {}}
            alternative={{
              fileLabel: 'Upload a file',
              label: 'Add a link',
              fields: null,
              submit: vi.fn(),
            }}
          >
            <Form.Item name="category" label="Category">
              <Input />
            </Form.Item>
          </UploadDialog>
        </AlertProvider>
      </I18nextProvider>
    );
    const { rerender } = render(dialog(true));
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'E2E Videos' } });
    fireEvent.click(screen.getByText('Add a link'));
    expect(screen.queryByText('Drop Your Files Here')).toBeNull();
    // Closed and opened again at once, as a quick second "Add Videos" does.
    rerender(dialog(false));
    rerender(dialog(true));
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Category') as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByText('Drop Your Files Here')).toBeTruthy();
  });
});
