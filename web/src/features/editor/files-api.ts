/**
 * The file library from the browser: list, upload (a presigned POST straight to storage, with
 * progress) and delete. The browser checks type, size and the file's first bytes for a quick
 * answer; the POST policy and the server's check of the stored bytes are what enforce them.
 */
import { FILE_MESSAGES, fileProblem, isFileType, type FileUpload } from '@mapnest/shared/files';
import { svgBudgetProblem } from '@mapnest/shared/svg-budget';
import { call } from '../../lib/api';
import { uploadError } from '../../lib/upload-error';

export const filesApi = {
  list: (maxResults = 100, pageToken: string | null = null) => call('listFiles', { maxResults, pageToken }),
  remove: (key: string) => call('deleteFile', { key }),
};

/** The type a picked file claims: its MIME type, or its extension when the browser gives none. */
export function claimedType(file: File): string {
  if (file.type) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext === 'svg'
    ? 'image/svg+xml'
    : ext === 'png'
      ? 'image/png'
      : ext === 'jpg' || ext === 'jpeg'
        ? 'image/jpeg'
        : ext === 'webp'
          ? 'image/webp'
          : '';
}

/**
 * Why a picked file cannot go in the library, from its size, type and first bytes (the upload's messages), or null.
 * `size` is the size it will be sent at (a copy that fits, for a floor plan over the limit).
 */
export async function pickedFileProblem(file: File, size = file.size): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  return fileProblem({ size, type: claimedType(file) }, head);
}

/** Why the upload would refuse a file before sending it (its size, type, first bytes, an SVG's budget), or null. */
export async function uploadProblem(file: File): Promise<string | null> {
  const type = claimedType(file);
  const problem = await pickedFileProblem(file);
  if (problem) return problem;
  if (!isFileType(type)) return FILE_MESSAGES.type;
  // The server refuses (and removes) an SVG over the complexity budget; the author hears why before uploading it.
  if (type === 'image/svg+xml') return svgBudgetProblem(await file.text())?.message ?? null;
  return null;
}

/** Uploads a file to the library; `onProgress` gets 0..1. Rejects with a readable message. */
export async function uploadFile(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileUpload> {
  const type = claimedType(file);
  const problem = await uploadProblem(file);
  if (problem) throw new Error(problem);
  if (!isFileType(type)) throw new Error(FILE_MESSAGES.type);
  const post = await call('createFileUpload', { fileName: file.name, contentType: type, size: file.size });
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', post.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(uploadError(xhr.status, xhr.responseText)));
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  onProgress?.(1);
  return post;
}

/** Pixel size of an image file or URL: an SVG's viewBox (or width/height), a raster's natural size. */
export async function imageSize(source: File | string): Promise<{ width: number; height: number } | null> {
  const isSvg = typeof source === 'string' ? /\.svg($|[?#])/i.test(source) : claimedType(source) === 'image/svg+xml';
  if (isSvg) {
    const text = typeof source === 'string' ? await (await fetch(source)).text() : await source.text();
    // A file over the budget is never parsed here either (uploadFile says why it is refused).
    return svgBudgetProblem(text) ? null : svgSize(text);
  }
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
  } catch {
    return null;
  } finally {
    if (typeof source !== 'string') URL.revokeObjectURL(url);
  }
}

/** The size an SVG declares: viewBox first, else width and height in pixels. */
export function svgSize(text: string): { width: number; height: number } | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (!svg || svg.nodeName.toLowerCase() !== 'svg') return null;
  const vb = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (vb.length === 4 && vb[2]! > 0 && vb[3]! > 0) return { width: Math.round(vb[2]!), height: Math.round(vb[3]!) };
  const w = parseFloat(svg.getAttribute('width') ?? '');
  const h = parseFloat(svg.getAttribute('height') ?? '');
  return w > 0 && h > 0 ? { width: Math.round(w), height: Math.round(h) } : null;
}
