import { useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { appStore } from './store';

/**
 * The name a page gives itself once it knows it (the map an editor tab has open), over its route's fixed title.
 * It names the browser tab only: page views keep the route's title, so no map's title reaches analytics.
 * Kept in the app's store, since the editor runs its own store beneath it.
 */
const pageNameAtom = atom<string | undefined>(undefined);

/** The page's own name while the calling component is mounted (undefined: the route's title). */
export function usePageName(name: string | undefined): void {
  const set = useSetAtom(pageNameAtom, { store: appStore });
  useEffect(() => {
    set(name);
    return () => set(undefined);
  }, [name, set]);
}

/** The name the page on screen gave itself, if any. */
export function usePageNameValue(): string | undefined {
  return useAtomValue(pageNameAtom, { store: appStore });
}
