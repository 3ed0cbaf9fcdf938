/**
 * Whether this build can edit maps. The viewer core serves the editor canvas and the embed; a few of its parts
 * exist only for editing (patching markers in place, lifting one for a drag, swapping in an edited model). The
 * embed's build defines `__MAPNEST_EDITING__` as false (src/embed/vite.embed-build.ts), so code behind
 * `if (!EDITING) return` is dropped from what visitors download; everywhere else (the app, tests) it is true.
 */
declare const __MAPNEST_EDITING__: boolean | undefined;

export const EDITING: boolean = typeof __MAPNEST_EDITING__ === 'undefined' || __MAPNEST_EDITING__;
