import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  ApiError,
  api,
  download,
  filenameFromDisposition,
  request,
  setUnauthorizedHandler,
} from './client.ts';
import { getToken, setToken } from './token.ts';

const json = (status: number, body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status,
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });

const text = (status: number, body: string, contentType = 'text/html') =>
  new Response(body, { status, headers: { 'Content-Type': contentType } });

const fetchMock = vi.fn<typeof fetch>();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('request', () => {
  it('sends the stored token as a bearer header and JSON bodies as JSON', async () => {
    setToken('abc.def');
    fetchMock.mockResolvedValue(json(200, { message: 'ok', data: { id: 1 } }));

    const reply = await api.post<{ data: { id: number } }>(
      '/api/x',
      { a: 1 },
      { query: { q: 'v w' } },
    );

    expect(reply.data.id).toBe(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?q=v+w');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.method).toBe('POST');
  });

  it('sends FormData as multipart without forcing a content type', async () => {
    fetchMock.mockResolvedValue(json(200, { message: 'ok', data: null }));
    const form = new FormData();
    form.append('name', 'Ada');

    await api.put('/api/users/update', form);

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it.each([400, 404])('carries the server message and field errors on %i', async (status) => {
    fetchMock.mockResolvedValue(
      json(status, { message: 'Name is bad', errors: [{ field: 'name', message: 'Required' }] }),
    );
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(status);
    expect(error.message).toBe('Name is bad');
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Required' }]);
  });

  it("answers 401 with 'Unauthorized', clears all local storage and notifies the app", async () => {
    setToken('old');
    localStorage.setItem('other', 'x');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'Token expired' }));

    const error = await failure(request('/api/users/profile'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Unauthorized');
    expect(getToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    // The server's reason goes to the app, which tells the user on the sign-in page.
    expect(onUnauthorized).toHaveBeenCalledWith('Token expired');
  });

  it('passes no reason when the server said only Unauthorized', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));
    await failure(request('/api/users/profile'));
    expect(onUnauthorized).toHaveBeenCalledWith(undefined);
  });

  it("answers 405 with 'Not Allowed' and 422 with 'Payload Mismatch'", async () => {
    fetchMock.mockResolvedValueOnce(json(405, { message: 'Method Not Allowed' }));
    expect((await failure(request('/api/x'))).message).toBe('Not Allowed');
    fetchMock.mockResolvedValueOnce(json(422, { message: 'whatever' }));
    expect((await failure(request('/api/x'))).message).toBe('Payload Mismatch');
  });

  it("answers 500 with the server message when JSON, otherwise 'Critical'", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Database unavailable' }));
    expect((await failure(request('/api/x'))).message).toBe('Database unavailable');
    fetchMock.mockResolvedValueOnce(text(500, '<h1>Bad gateway</h1>'));
    const error = await failure(request('/api/x'));
    expect(error.message).toBe('Critical');
    expect(error.status).toBe(500);
  });

  it('answers other statuses with the server message, else the status text', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Your organisation is disabled.' }));
    expect((await failure(request('/api/x'))).message).toBe('Your organisation is disabled.');
    fetchMock.mockResolvedValueOnce(
      new Response('nope', { status: 429, statusText: 'Too Many Requests' }),
    );
    expect((await failure(request('/api/x'))).message).toBe('Too Many Requests');
  });

  it('keeps the rows and columns of a refused spreadsheet apart from field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        message: 'The file was not imported: 1 problem in 1 row. Nothing was saved.',
        errors: [{ row: 12, column: 'Spend', message: 'Must be a number' }],
      }),
    );
    const error = await failure(request('/api/file/upload', { body: {} }));
    expect(error.rowErrors).toEqual([{ row: 12, column: 'Spend', message: 'Must be a number' }]);
    expect(error.fieldErrors).toEqual([]);
  });

  it("answers a 2xx that is neither JSON nor a spreadsheet with 'Error while parsing result'", async () => {
    fetchMock.mockResolvedValueOnce(text(200, '<html></html>'));
    expect((await failure(request('/api/x'))).message).toBe(API_MESSAGES.parsing);
    fetchMock.mockResolvedValueOnce(text(200, '{not json', 'application/json'));
    expect((await failure(request('/api/x'))).message).toBe('Error while parsing result');
  });

  it('returns a spreadsheet reply as a file', async () => {
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    fetchMock.mockResolvedValue(
      new Response('PK..', { status: 200, headers: { 'Content-Type': type } }),
    );
    const file = await request<Blob>('/api/excel/spend', { body: { excel: true } });
    // jsdom and Node each have their own Blob class, so check the shape rather than the class.
    expect(file.size).toBe(4);
    expect(file.type).toBe(type);
  });

  it('reports an unreachable server as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(request('/api/x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(API_MESSAGES.network);
  });
});

describe('download', () => {
  it('reads the file with progress and takes its name from Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('0123456789', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': '10',
          'Content-Disposition': 'attachment; filename="Spend Report.pdf"',
        },
      }),
    );
    const progress: number[] = [];

    const file = await download(
      '/api/download/pdf',
      { type: 'pdf' },
      {
        onProgress: (p) => progress.push(p),
        save: false,
      },
    );

    expect(file.filename).toBe('Spend Report.pdf');
    expect(file.blob.size).toBe(10);
    expect(file.blob.type).toBe('application/pdf');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
  });

  it("falls back to 'download' and reports any failure as 'Downloading failed'", async () => {
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 200 }));
    expect((await download('/api/download', {}, { save: false })).filename).toBe('download');

    fetchMock.mockResolvedValueOnce(json(400, { message: 'Bad image' }));
    expect((await failure(download('/api/download', {}, { save: false }))).message).toBe(
      'Downloading failed',
    );
  });

  it('parses the extended filename form', () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''Q1%20spend.xlsx")).toBe(
      'Q1 spend.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename=report.pptx')).toBe('report.pptx');
    expect(filenameFromDisposition(null)).toBe('download');
  });
});
