/** The handlers of a drop zone for files: highlighted while files are over it, the dropped files handed on. */
import type { DragEvent } from 'react';

export function fileDropHandlers(setOver: (over: boolean) => void, onFiles: (files: File[]) => void) {
  return {
    onDragOver(e: DragEvent) {
      if (!Array.from(e.dataTransfer.types).includes('Files')) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(e: DragEvent) {
      setOver(false);
      const files = Array.from(e.dataTransfer.files ?? []);
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    },
  };
}
