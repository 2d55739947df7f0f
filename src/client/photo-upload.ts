// POST {api}/photos: one picture's bytes, with upload progress. fetch() cannot report how much of a body has
// been sent, XMLHttpRequest can (upload.onprogress), so this is the one request not made by api.ts's `request`;
// it sends the same headers as every write there (bearer token, forgery header) and fails with the same ApiError.
import { ApiError, type TokenSource } from './api.ts';
import { forgeryHeader } from './forgery-header.ts';
import { apiBase } from './site-config.ts';
import { photoSchema, type Photo } from '../lib/photo-schema.ts';

/**
 * The longest an upload may take. Longer than api.ts's 15 s: a 15 MB photo over a slow phone connection takes
 * a while to send, and the server then processes it (its own time limit answers 503 'timeout').
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text; // not JSON (a proxy's error page): kept as it came
  }
}

/**
 * Uploads one file; `onProgress` gets the share sent so far (0..1). Resolves with the stored photo (201);
 * rejects with ApiError: status 0 for no answer, else the status and the parsed body (`photoError` in it).
 */
export async function uploadPhoto(
  tokens: TokenSource,
  file: Blob,
  onProgress: (sent: number) => void = () => {},
): Promise<Photo> {
  const url = `${await apiBase()}/photos`;
  const token = await tokens.token();
  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(forgeryHeader(url))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, body));
      const photo = photoSchema.safeParse(body);
      // A 2xx that is not a photo (a misconfigured proxy) must not reach the form as one.
      if (photo.success) resolve(photo.data);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.ontimeout = () => reject(new ApiError(0, `No answer within ${UPLOAD_TIMEOUT_MS / 1000} s`));
    xhr.onabort = () => reject(new ApiError(0, 'Upload aborted'));
    xhr.send(file);
  });
}
