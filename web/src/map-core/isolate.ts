/**
 * An author's name (a location, a floor, a connector) set apart from the sentence it is put in, between the Unicode
 * isolates FSI and PDI: its direction is its own, so "Lift A2" in an Arabic sentence, or a Hebrew name before an
 * English sentence's ": 135 m", cannot pull the words and numbers around it out of order. The marks are invisible and
 * screen readers skip them; every language gets them (the author's names may be in any script). A module of its own:
 * the viewer's first script uses it (a floor's name in "The floor … could not be loaded"), the directions' later one.
 */
export const isolate = (name: string): string => `\u2068${name}\u2069`;
