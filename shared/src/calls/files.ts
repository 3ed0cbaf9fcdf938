/**
 * The file library's contract: a user's uploads (floor plans, images) under `{uid}/files/`, uploaded
 * with presigned POSTs whose policy (not the browser) enforces key, type and size; call inputs, the
 * answers, and the pure rules shared by browser and server (names, types, byte sniffing).
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { STORAGE_LIST_MAX } from '../constants';
import { isWellFormed, utf8Length } from '../text';

/** Largest file in the library (10 MB). */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Bytes as the upload limits are said: megabytes of 1,048,576 bytes. */
const MEGABYTE = 1024 * 1024;
/** The library's limit as people read it: "10 MB". */
export const FILE_MAX_TEXT = `${FILE_MAX_BYTES / MEGABYTE} MB`;

/**
 * A size in the unit its limit is said in ("12.5 MB"), rounded up to a tenth: a file over a limit never reads as the
 * limit itself, or under it.
 */
export function megabytes(bytes: number): string {
  const tenths = Math.ceil((bytes / MEGABYTE) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

/** Why a file of `bytes` cannot be uploaded for its size: how big it is and what the limit is. */
export const fileTooLargeMessage = (bytes: number) =>
  `The file is ${megabytes(bytes)}, over the ${FILE_MAX_TEXT} upload limit`;
/** Types the library accepts, with the extension a stored name ends with. */
export const FILE_TYPES = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type FileType = keyof typeof FILE_TYPES;
export const FILE_TYPE_LIST = /* @__PURE__ */ Object.keys(FILE_TYPES) as FileType[];
/** Whether a MIME type is one the library accepts. */
export const isFileType = (value: string): value is FileType => Object.hasOwn(FILE_TYPES, value);
/** Default page size of list-files. */
export const FILE_PAGE_DEFAULT = 100;

export const FILE_MESSAGES = {
  tooLarge: `File too large (max ${FILE_MAX_TEXT})`,
  type: 'Only SVG, PNG, JPG or WEBP images are allowed',
  mismatch: 'The file’s contents do not match its type (is it really an image?)',
  notFound: 'This file does not exist, or it is not yours.',
} as const;

/** The library prefix of a user. */
export const libraryPrefix = (uid: string) => `${uid}/files/`;

export const listFilesInput = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.nullable(
    /* @__PURE__ */ z.strictObject({
      maxResults: /* @__PURE__ */ z._default(
        /* @__PURE__ */ z
          .number()
          .check(/* @__PURE__ */ z.int())
          .check(/* @__PURE__ */ z.gte(1, /* @__PURE__ */ says('maxResults must be between 1 and 1000')))
          .check(
            /* @__PURE__ */ z.lte(STORAGE_LIST_MAX, /* @__PURE__ */ says('maxResults must be between 1 and 1000')),
          ),
        FILE_PAGE_DEFAULT,
      ),
      pageToken: /* @__PURE__ */ z.optional(
        /* @__PURE__ */ z.nullable(
          /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1)).check(/* @__PURE__ */ z.maxLength(2048)),
        ),
      ),
    }),
  ),
  /* @__PURE__ */ z.transform((v) => v ?? { maxResults: FILE_PAGE_DEFAULT, pageToken: null }),
);

export const createFileUploadInput = /* @__PURE__ */ z.strictObject({
  fileName: /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A file name is required')))
    .check(/* @__PURE__ */ z.maxLength(255, /* @__PURE__ */ says('A file name has at most 255 characters'))),
  contentType: /* @__PURE__ */ z.enum(FILE_TYPE_LIST as [FileType, ...FileType[]], { error: FILE_MESSAGES.type }),
  size: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int())
    .check(/* @__PURE__ */ z.gte(1, /* @__PURE__ */ says('The file is empty')))
    .check(/* @__PURE__ */ z.lte(FILE_MAX_BYTES, FILE_MESSAGES.tooLarge)),
});

/** S3's own limit on a key. */
export const KEY_MAX_BYTES = 1024;

/** A stored key as a caller may name it: at most 1,024 UTF-8 bytes, no control characters, well-formed text. */
export const objectKeySchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('A key is required')))
  .check(/* @__PURE__ */ z.refine((k) => isWellFormed(k), /* @__PURE__ */ says('A key must be well-formed text')))
  .check(
    /* @__PURE__ */ z.refine(
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      (k) => !/[\u0000-\u001F\u007F]/.test(k),
      /* @__PURE__ */ says('A key has no control characters'),
    ),
  )
  .check(
    /* @__PURE__ */ z.refine(
      (k) => utf8Length(k) <= KEY_MAX_BYTES,
      /* @__PURE__ */ says(`A key has at most ${KEY_MAX_BYTES} bytes`),
    ),
  );

export const deleteFileInput = /* @__PURE__ */ z.strictObject({
  key: objectKeySchema,
});

/** One file of the library. */
export interface LibraryFile {
  key: string;
  /** The name the user uploaded it under (sanitised). */
  name: string;
  /** Where the app serves it: '/files/' + key. */
  url: string;
  /** A 256 px JPEG preview for raster images and SVG (written by the thumbnail trigger shortly after upload). */
  thumbnailUrl: string | null;
  size: number;
  contentType: FileType | null;
  uploaded: string;
}

export interface FilePage {
  files: LibraryFile[];
  /** Pass back as pageToken for the next page; null on the last page. */
  nextPageToken: string | null;
}

/** A presigned POST: send `fields` then the file as multipart form data to `url`. */
export interface FileUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
  fileUrl: string;
}

/** The URL the app serves a stored key at (each path segment encoded). */
export function fileUrl(key: string): string {
  return `/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The uploads key a '/files/...' URL names (fileUrl the other way round), or null for any other URL. */
export function uploadKeyOfUrl(url: string): string | null {
  if (!url.startsWith('/files/')) return null;
  try {
    return url.slice('/files/'.length).split('?')[0]!.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

export function sanitizeFileName(name: string, type: FileType): string {
  const ext = FILE_TYPES[type];
  const base = name
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'file'}.${ext}`;
}

/** The display name of a stored key ({uid}/files/{random}-{name} gives name). */
export function fileNameOfKey(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1);
  const dash = last.indexOf('-');
  return dash > 0 ? last.slice(dash + 1) : last;
}

/** The type a stored name claims by its extension. */
export function typeOfName(name: string): FileType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext === 'jpeg') return 'image/jpeg';
  const found = Object.entries(FILE_TYPES).find(([, e]) => e === ext);
  return found ? (found[0] as FileType) : null;
}

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/**
 * What a file's first bytes say it is (PNG, JPEG and WEBP signatures; SVG as text whose first
 * element is <svg>), or null when they match none of the library's types.
 */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  const head = bytes.subarray(0, 4096);
  if (head.some((b) => b === 0)) return null;
  // Only ASCII matters for finding the root element, so bytes map straight to characters (after a UTF-8 BOM).
  const body = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
  let text = '';
  for (const b of body) text += String.fromCharCode(b);
  // Skip the XML declaration, comments, processing instructions and a doctype before the root element.
  const rest = text.replace(/^(\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/i.test(rest) ? 'image/svg+xml' : null;
}

/**
 * Why a file cannot go in the library (size, type, contents), or null when it can. A file too large is told its size
 * beside the limit, so the author knows how much smaller it must get.
 */
export function fileProblem(file: { size: number; type: string }, firstBytes?: Uint8Array): string | null {
  if (!isFileType(file.type)) return FILE_MESSAGES.type;
  if (file.size > FILE_MAX_BYTES) return fileTooLargeMessage(file.size);
  if (file.size < 1) return 'The file is empty';
  if (firstBytes && sniffFileType(firstBytes) !== file.type) return FILE_MESSAGES.mismatch;
  return null;
}
