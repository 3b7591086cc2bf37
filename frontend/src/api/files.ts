import { ApiError, refusal, withQuery } from './client';
import { requestHeaders } from './request-headers';

/** Downloads an API file answer (Excel template or export) and saves it under the server's file name. */
export async function downloadFile(path: string, query?: Record<string, string | number | undefined>): Promise<void> {
  const res = await fetch(withQuery(`/api${path}`, query), { headers: requestHeaders() });
  if (!res.ok) {
    throw refusal(res.status, res.statusText, await res.json().catch(() => undefined));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.xlsx';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Uploads a file as multipart field `file`, reporting progress (0..1) while it is sent. XMLHttpRequest
 * because fetch cannot report upload progress.
 */
export function uploadFile<T>(path: string, file: File, onProgress: (fraction: number) => void, headers: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    for (const [k, v] of Object.entries({ ...requestHeaders(), ...headers })) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'network error'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(refusal(xhr.status, xhr.statusText, body));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
