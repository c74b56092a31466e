import type { Envelope } from '@spotzcity/shared/api';
import type { TrainingItem, TrainingType, VideoUrlInput } from '@spotzcity/shared/training';
import { api } from '../../../api/client.ts';

/** `POST /api/training/video` and `/api/training/module` (multipart, through the upload dialog). */
export const uploadPath = (type: TrainingType) => `/api/training/${type}`;

/** The category goes first, so the server can refuse a bad form before the file is sent. */
export function toTrainingForm(file: File, values: { category: string }): FormData {
  const form = new FormData();
  form.append('category', values.category);
  form.append('file', file, file.name);
  return form;
}

/** `POST /api/training/video/url` with `{category, url}`. */
export const addVideoLink = (input: VideoUrlInput) =>
  api.post<Envelope<TrainingItem>>('/api/training/video/url', input);
