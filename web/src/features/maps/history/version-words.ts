/**
 * What a version changes, in one short sentence for a notice ("“Harrow & Finch” changed; 2 locations added
 * (“Kiosk 3”, “Kiosk 4”)"): an editor that brings in a version saved elsewhere says what came in, where "Version 10
 * was saved" left the author to find what another window had replaced. The Publish dialog and History list it in
 * full (VersionChanges).
 */
import { partDetails, type NamedChanges, type VersionDiff } from '@mapnest/shared/publish-checks';

/** How many names one kind of change quotes before it counts the rest. */
const QUOTED = 3;

function namedWords(changes: NamedChanges, verb: string): string | null {
  if (changes.count === 0) return null;
  const names = changes.names.slice(0, QUOTED).map((n) => `“${n}”`);
  if (changes.count === 1) return `${names[0]} ${verb}`;
  const more = changes.count - names.length;
  return `${changes.count.toLocaleString('en')} locations ${verb} (${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en')} more` : ''})`;
}

/** The changes of `diff` in words, or null when nothing differs. */
export function versionChangeWords(diff: VersionDiff): string | null {
  if (diff.same) return null;
  const parts = diff.parts.map((part) => {
    const details = partDetails(diff, part);
    return details.length
      ? `${part.toLowerCase()} changed (${details.slice(0, QUOTED).join(', ')}${details.length > QUOTED ? ', …' : ''})`
      : `${part.toLowerCase()} changed`;
  });
  const words = [
    namedWords(diff.added, 'added'),
    namedWords(diff.changed, 'changed'),
    namedWords(diff.removed, 'removed'),
    ...parts,
  ].filter((w): w is string => w !== null);
  return words.join('; ');
}
