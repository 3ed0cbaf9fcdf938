/** The shape of a message catalogue: the keys English has (./en.ts), plurals where English has them. */
import type { en } from './en';

/** One text by plural category (`Intl.PluralRules`); `other` is required, the rest as the language has them. */
export type Plural = { readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
type English = typeof en;
export type TextKey = { [K in keyof English]: English[K] extends string ? K : never }[keyof English];
export type PluralKey = Exclude<keyof English, TextKey>;
/** A language's catalogue: every key English has, plurals where English has them. */
export type Messages = { readonly [K in TextKey]: string } & { readonly [K in PluralKey]: Plural };
