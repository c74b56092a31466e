/**
 * An upload's state (ready → uploading 0–100 → uploaded): wraps the API client's
 * `upload()` so a screen shows a real progress bar and the alert with the server's message.
 */
import { useCallback, useState } from 'react';
import { upload, type UploadOptions } from '../api/client.ts';

export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);

  const send = useCallback(async <T>(path: string, form: FormData, options: UploadOptions = {}) => {
    setProgress(0);
    try {
      return await upload<T>(path, form, { ...options, onProgress: setProgress });
    } finally {
      setProgress(null);
    }
  }, []);

  return { progress, uploading: progress !== null, send };
}
