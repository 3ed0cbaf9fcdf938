import { describe, expect, it } from 'vitest';
import {
  createFileUploadInput,
  fileNameOfKey,
  fileProblem,
  fileUrl,
  listFilesInput,
  sanitizeFileName,
  sniffFileType,
  typeOfName,
} from './files';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFileType', () => {
  it('recognises PNG, JPEG, WEBP and SVG by their first bytes', () => {
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFileType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(
      sniffFileType(
        bytes(
          [0xef, 0xbb, 0xbf],
          '<?xml version="1.0"?>\n<!-- Generator: x -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
        ),
      ),
    ).toBe('image/svg+xml');
  });

  it('rejects HTML, scripts and binaries posing as images', () => {
    expect(sniffFileType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(bytes('#!/bin/sh\necho hi'))).toBeNull();
    expect(sniffFileType(bytes([0x4d, 0x5a, 0x90, 0]))).toBeNull();
    expect(sniffFileType(bytes('<svgx>'))).toBeNull();
  });
});

describe('file names and problems', () => {
  it('sanitises names and gives them the extension of their type', () => {
    expect(sanitizeFileName('Ground floor (v2).PNG', 'image/png')).toBe('Ground-floor-v2.png');
    expect(sanitizeFileName('Café plan.svg', 'image/svg+xml')).toBe('Cafe-plan.svg');
    expect(sanitizeFileName('../../etc/passwd', 'image/jpeg')).toBe('etc-passwd.jpg');
    expect(sanitizeFileName('???', 'image/webp')).toBe('file.webp');
  });

  it('reads names and types back from keys', () => {
    expect(fileNameOfKey('u1/files/r4nd0m-plan.svg')).toBe('plan.svg');
    expect(typeOfName('plan.svg')).toBe('image/svg+xml');
    expect(typeOfName('photo.JPEG')).toBe('image/jpeg');
    expect(typeOfName('notes.txt')).toBeNull();
    expect(fileUrl('u1/files/a b.png')).toBe('/files/u1/files/a%20b.png');
  });

  it('names what is wrong with a file', () => {
    expect(fileProblem({ size: 10, type: 'text/html' })).toBe('Only SVG, PNG, JPG or WEBP images are allowed');
    expect(fileProblem({ size: 11 * 1024 * 1024, type: 'image/png' })).toBe(
      'The file is 11 MB, over the 10 MB upload limit',
    );
    // Just over the limit still reads as over it.
    expect(fileProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      'The file is 10.1 MB, over the 10 MB upload limit',
    );
    expect(fileProblem({ size: 13_100_000, type: 'image/png' })).toBe(
      'The file is 12.5 MB, over the 10 MB upload limit',
    );
    expect(fileProblem({ size: 10, type: 'image/png' }, bytes('<html>'))).toContain('do not match');
    expect(fileProblem({ size: 10, type: 'image/svg+xml' }, bytes('<svg/>'))).toBeNull();
  });
});

describe('call inputs', () => {
  it('accept 1 to 1000 results per page and default to 100', () => {
    expect(listFilesInput.parse(null)).toEqual({ maxResults: 100, pageToken: null });
    expect(listFilesInput.parse({ maxResults: 1000 }).maxResults).toBe(1000);
    expect(listFilesInput.safeParse({ maxResults: 0 }).success).toBe(false);
    expect(listFilesInput.safeParse({ maxResults: 1001 }).success).toBe(false);
  });

  it('refuse uploads over 10 MB or of other types', () => {
    expect(
      createFileUploadInput.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 10 * 1024 * 1024 }).success,
    ).toBe(true);
    expect(
      createFileUploadInput.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 10 * 1024 * 1024 + 1 })
        .success,
    ).toBe(false);
    expect(createFileUploadInput.safeParse({ fileName: 'a.html', contentType: 'text/html', size: 10 }).success).toBe(
      false,
    );
  });
});
