/**
 * Text that always takes the width of the longest of its alternatives, so a change of wording ("Saved" to "Unsaved
 * changes") never moves what follows it: a toolbar whose buttons shift between a press and its release loses the
 * click. The reserve is a hidden pseudo-element, outside the text, the accessibility tree and text queries.
 */
export function SteadyLabel({ text, alternatives }: { text: string; alternatives: readonly string[] }) {
  const longest = alternatives.reduce((a, b) => (b.length > a.length ? b : a), text);
  return (
    <span className="steady-label" data-reserve={longest}>
      {text}
    </span>
  );
}
