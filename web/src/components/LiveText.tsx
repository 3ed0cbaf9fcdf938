/**
 * The words of a live region, said again when they repeat. Each message (`n` counts them) is a new node: a screen
 * reader reads an added node whole, whereas a message changed only by a character (a space added to tell two
 * repeats apart) is read as that character, so nothing is heard.
 */
export function LiveText({ text, n }: { text: string; n: number }) {
  return <span key={n}>{text}</span>;
}
