/**
 * Copy and Paste as buttons, for a touch screen with no keys (a tablet): the same commands Ctrl/⌘+C and V run on the
 * browser's copy and paste events, with the system clipboard reached through the asynchronous Clipboard API. A press
 * of a button may write it; before a page reads it, the browser asks the person (Safari shows a Paste button,
 * Chromium asks once for the site), and a refusal is said, with the keys as the other way.
 */
import { copySelection, registeredCommands, sayCopied, type CommandContext } from './commands';

/** Whether this page may use the system clipboard from a button (a secure page in a browser that has the API). */
const clipboardApi = () => typeof navigator !== 'undefined' && !!navigator.clipboard?.writeText;

/** A refusal of the browser (permission denied, the page not focused): what it throws, as opposed to a fault here. */
const refused = (e: unknown) => e instanceof DOMException;

/** Copies the selected locations to the system clipboard, as Ctrl/⌘+C does. */
export async function copyByButton(ctx: CommandContext): Promise<void> {
  if (!clipboardApi()) return refusedCopy(ctx);
  const data = new DataTransfer();
  const n = copySelection(ctx, data);
  if (n === 0) return;
  try {
    await navigator.clipboard.writeText(data.getData('text/plain'));
  } catch (e) {
    if (!refused(e)) throw e;
    return refusedCopy(ctx);
  }
  // Said once the clipboard holds them, not before.
  sayCopied(ctx, 'Copied', n);
}

function refusedCopy(ctx: CommandContext): void {
  ctx.editor.notify(
    'The browser did not let the map use the clipboard, so nothing was copied. Try Ctrl/⌘+C on the map.',
  );
}

/**
 * Pastes what the system clipboard holds (locations, rows of a spreadsheet, or an image alone: a new floor), as Ctrl/⌘+V
 * on the map does.
 */
export async function pasteByButton(ctx: CommandContext): Promise<void> {
  let data: DataTransfer;
  try {
    if (!clipboardApi() || !navigator.clipboard.readText) throw new DOMException('No clipboard', 'NotAllowedError');
    data = await clipboardData();
  } catch (e) {
    if (!refused(e)) throw e;
    return ctx.editor.notify(
      'The browser did not let the map read the clipboard, so nothing was pasted. Allow the clipboard for this site, or press Ctrl/⌘+V on the map.',
    );
  }
  const paste = registeredCommands().get('selection.paste')!;
  paste.perform(ctx, undefined, data);
}

/**
 * The clipboard's text and images, as a paste event would carry them: an image as a file named as Chromium names a
 * pasted one ("image.png"). Text alone where the browser reads no more (`clipboard.read` is newer than `readText`).
 */
async function clipboardData(): Promise<DataTransfer> {
  const data = new DataTransfer();
  if (!navigator.clipboard.read) {
    data.setData('text/plain', await navigator.clipboard.readText());
    return data;
  }
  for (const item of await navigator.clipboard.read())
    for (const type of item.types) {
      if (type === 'text/plain') data.setData(type, await (await item.getType(type)).text());
      else if (type.startsWith('image/'))
        data.items.add(new File([await item.getType(type)], `image.${type.slice(6).replace('+xml', '')}`, { type }));
    }
  return data;
}
