/**
 * The one HTTP client of the web app: it adds the bearer token, sends JSON (or multipart for
 * FormData) and turns every reply into data or an ApiError following the error catalogue of
 * the spec's alert rules. Screens never call fetch themselves.
 */
import type { ApiErrorBody } from '@spotzcity/shared/api';
import type { FieldError, RowError } from '@spotzcity/shared/validation';
import { clearSession, getToken } from './token.ts';

export const API_MESSAGES = {
  unauthorized: 'Unauthorized',
  notAllowed: 'Not Allowed',
  payloadMismatch: 'Payload Mismatch',
  critical: 'Critical',
  parsing: 'Error while parsing result',
  downloadFailed: 'Downloading failed',
  network: 'The server could not be reached. Check your connection and try again.',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** A refused spreadsheet's problems by row and column (uploads). */
  readonly rowErrors: RowError[];

  constructor(
    status: number,
    message: string,
    fieldErrors: FieldError[] = [],
    rowErrors: RowError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.rowErrors = rowErrors;
  }
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/* ---------- 401 handling ---------- */

/** `reason`: why the server signed the user out, when it said more than 'Unauthorized'. */
type UnauthorizedListener = (reason?: string) => void;
let onUnauthorized: UnauthorizedListener = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The app replaces the default full-page redirect with a router navigation. */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

function handleUnauthorized(body?: unknown): void {
  clearSession();
  const reason = bodyMessage(body);
  onUnauthorized(reason && reason !== API_MESSAGES.unauthorized ? reason : undefined);
}

/* ---------- the catalogue ---------- */

const SPREADSHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
];

const isJsonType = (contentType: string | null) => /\bjson\b/i.test(contentType ?? '');
const isSpreadsheetType = (contentType: string | null) =>
  SPREADSHEET_TYPES.some((t) => (contentType ?? '').toLowerCase().startsWith(t));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as ApiErrorBody;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function bodyFieldErrors(body: unknown): FieldError[] {
  if (body && typeof body === 'object' && 'errors' in body) {
    const { errors } = body as ApiErrorBody;
    if (Array.isArray(errors)) {
      return errors.filter(
        (e): e is FieldError => typeof e?.field === 'string' && typeof e.message === 'string',
      );
    }
  }
  return [];
}

function bodyRowErrors(body: unknown): RowError[] {
  if (body && typeof body === 'object' && 'errors' in body) {
    const { errors } = body as { errors?: unknown };
    if (Array.isArray(errors)) {
      return errors.filter(
        (e): e is RowError =>
          typeof e?.row === 'number' &&
          typeof e.column === 'string' &&
          typeof e.message === 'string',
      );
    }
  }
  return [];
}

/**
 * The error for a failed reply. `body` is the parsed JSON body, or undefined when the reply
 * was not JSON. A 401 also logs the user out (see handleUnauthorized).
 */
export function errorForStatus(status: number, body: unknown, statusText = ''): ApiError {
  const serverMessage = bodyMessage(body);
  const fieldErrors = bodyFieldErrors(body);
  switch (status) {
    case 401:
      return new ApiError(401, API_MESSAGES.unauthorized);
    case 405:
      return new ApiError(405, API_MESSAGES.notAllowed);
    case 422:
      return new ApiError(422, API_MESSAGES.payloadMismatch, fieldErrors);
    case 500:
      return new ApiError(500, serverMessage ?? API_MESSAGES.critical);
    default:
      return new ApiError(
        status,
        serverMessage ?? (statusText || `Request failed with status ${status}`),
        fieldErrors,
        bodyRowErrors(body),
      );
  }
}

/* ---------- requests ---------- */

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function buildInit(
  method: string,
  body: unknown,
  signal?: AbortSignal,
  accept = 'application/json',
): RequestInit {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers, signal };
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return init;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, API_MESSAGES.network);
  }
}

/** Reads a failed reply's body (JSON or not) and throws the catalogue's error. */
async function failWith(response: Response): Promise<never> {
  const text = await response.text().catch(() => '');
  const body = isJsonType(response.headers.get('Content-Type')) ? parseJson(text) : undefined;
  if (response.status === 401) handleUnauthorized(body);
  throw errorForStatus(response.status, body, response.statusText);
}

/**
 * Sends a request and answers the parsed JSON reply (the whole `{ message, data }` envelope),
 * or a Blob when the server answers with a spreadsheet.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const response = await send(
    buildUrl(path, options.query),
    buildInit(method, options.body, options.signal),
  );
  if (!response.ok) return failWith(response);

  const contentType = response.headers.get('Content-Type');
  if (isSpreadsheetType(contentType)) return (await response.blob()) as T;
  if (!isJsonType(contentType)) throw new ApiError(response.status, API_MESSAGES.parsing);
  const parsed = parseJson(await response.text());
  if (parsed === undefined) throw new ApiError(response.status, API_MESSAGES.parsing);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};

/* ---------- server-sent events ---------- */

/**
 * Follows a stream of server-sent events (`data:` lines of JSON) until the server ends it,
 * calling `onEvent` with each. Sent through fetch so that the bearer header goes with it (an
 * EventSource cannot send one); a refused request fails like request().
 */
export async function followEvents<T>(
  path: string,
  onEvent: (data: T) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await send(path, buildInit('GET', undefined, signal, 'text/event-stream'));
  if (!response.ok) return failWith(response);
  if (!response.body) throw new ApiError(response.status, API_MESSAGES.parsing);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, API_MESSAGES.network);
    }
    buffer += decoder.decode(chunk.value, { stream: !chunk.done });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      const parsed = data ? parseJson(data) : undefined;
      if (parsed !== undefined) onEvent(parsed as T);
    }
    if (chunk.done) return;
  }
}

/* ---------- downloads ---------- */

export type ProgressListener = (percent: number) => void;

/** `attachment; filename="a b.pdf"` or `filename*=UTF-8''a%20b.pdf`; 'download' when absent. */
export function filenameFromDisposition(header: string | null): string {
  if (!header) return 'download';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || 'download';
}

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Save the file through the browser (default true). */
  save?: boolean;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export function saveBlob({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function readWithProgress(response: Response, onProgress?: ProgressListener): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total > 0) onProgress(Math.min(99, Math.round((received / total) * 100)));
  }
  onProgress(100);
  return new Blob(chunks, { type });
}

/**
 * Posts `body` and reads the reply as a file (PPT, PDF, Excel exports). Any failure is reported
 * as 'Downloading failed' (a 401 still logs the user out).
 */
export async function download(
  path: string,
  body?: unknown,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const method = options.method ?? 'POST';
  let response: Response;
  try {
    response = await fetch(path, buildInit(method, body, options.signal, '*/*'));
  } catch {
    throw new ApiError(0, API_MESSAGES.downloadFailed);
  }
  if (!response.ok) {
    if (response.status === 401) {
      handleUnauthorized();
      throw new ApiError(401, API_MESSAGES.unauthorized);
    }
    throw new ApiError(response.status, API_MESSAGES.downloadFailed);
  }
  let blob: Blob;
  try {
    blob = await readWithProgress(response, options.onProgress);
  } catch {
    throw new ApiError(response.status, API_MESSAGES.downloadFailed);
  }
  const file = {
    blob,
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
  };
  if (options.save !== false) saveBlob(file);
  return file;
}

/* ---------- uploads ---------- */

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}

/**
 * Sends multipart form data with real upload progress (fetch cannot report it), and answers the
 * JSON reply; failures follow the same catalogue as request().
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) {
        options.onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, API_MESSAGES.network));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      const contentType = xhr.getResponseHeader('Content-Type');
      const body = isJsonType(contentType) ? parseJson(xhr.responseText) : undefined;
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) handleUnauthorized();
        reject(errorForStatus(xhr.status, body, xhr.statusText));
        return;
      }
      if (body === undefined) {
        reject(new ApiError(xhr.status, API_MESSAGES.parsing));
        return;
      }
      options.onProgress?.(100);
      resolve(body as T);
    };

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
