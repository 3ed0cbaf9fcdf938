import { createStore } from 'jotai';

/** The app's jotai store, also reachable outside React (session start, call auth). */
export const appStore = createStore();
