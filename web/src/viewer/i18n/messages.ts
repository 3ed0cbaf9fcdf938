/**
 * The viewer's texts in the visitor's language (docs/adr/023-viewer-languages-and-analytics-page.md): message
 * catalogues (English built in, each other language a chunk of its own loaded only when chosen), plurals by the
 * browser's `Intl.PluralRules`, and the author's per-map texts over the catalogue for every language.
 */
import type { MapSettings } from '@mapnest/shared/map-document';
import {
  LEGEND_TITLE_DEFAULT,
  pickLanguage,
  RTL_LANGUAGES,
  UI_TEXT_DEFAULTS,
  type UiTextKey,
  type ViewerLanguage,
} from '@mapnest/shared/viewer-languages';
import { en } from './en';
import type { Messages, Plural, PluralKey, TextKey } from './types';

export type { Messages, PluralKey, TextKey } from './types';

const LOADERS: Record<Exclude<ViewerLanguage, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('./lang-de'),
  fr: () => import('./lang-fr'),
  es: () => import('./lang-es'),
  it: () => import('./lang-it'),
  pt: () => import('./lang-pt'),
  nl: () => import('./lang-nl'),
  pl: () => import('./lang-pl'),
  ja: () => import('./lang-ja'),
  zh: () => import('./lang-zh'),
  ko: () => import('./lang-ko'),
  ar: () => import('./lang-ar'),
  he: () => import('./lang-he'),
};

/** A language and its catalogue, as a viewer is given them. */
export interface ViewerLanguageMessages {
  readonly lang: ViewerLanguage;
  readonly messages: Messages;
}

const loaded = new Map<ViewerLanguage, Promise<Messages>>();

/**
 * A language's catalogue from its texts alone, as the build packs each language's chunk
 * (../../embed/vite.pack-messages.ts): in the order of English's keys sorted, the keys every catalogue has. A chunk
 * of another length is refused, and the viewer then shows English (`loadMessages`).
 */
export function unpack(texts: readonly (string | Plural)[]): Messages {
  const keys = Object.keys(en).sort();
  if (keys.length !== texts.length) throw Error(`${texts.length} texts for ${keys.length} keys`);
  return Object.fromEntries(keys.map((k, i) => [k, texts[i]])) as Messages;
}

/**
 * The catalogue of `lang`: English at once (it is built in), another language from its own chunk, once per page.
 * A chunk that fails to load (offline, a deploy replaced it) gives English rather than no map.
 */
export function loadMessages(lang: ViewerLanguage): Promise<Messages> {
  if (lang === 'en') return Promise.resolve(en);
  let p = loaded.get(lang);
  if (!p) {
    p = LOADERS[lang]().then(
      (m) => m.messages,
      (e: unknown) => {
        console.warn(`Mapnest: the ${lang} texts could not be loaded; showing English.`, e);
        loaded.delete(lang);
        return en;
      },
    );
    loaded.set(lang, p);
  }
  return p;
}

/** The language a map's `language` setting names for this browser, with its catalogue. */
export async function loadLanguage(setting: unknown): Promise<ViewerLanguageMessages> {
  const lang = pickLanguage(setting, browserLanguages());
  return { lang, messages: await loadMessages(lang) };
}

/** The language a map's setting names for this browser when its catalogue is built in (English), else null. */
export function builtInLanguage(setting: unknown): ViewerLanguageMessages | null {
  return pickLanguage(setting, browserLanguages()) === 'en' ? { lang: 'en', messages: en } : null;
}

/** The browser's languages, most preferred first. */
export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

type Vars = Readonly<Record<string, string | number>>;
const fill = (text: string, vars?: Vars) =>
  vars ? text.replace(/\{(\w+)\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all)) : text;

/** The texts one viewer shows: its language's catalogue, with the map's own texts over it. */
export class ViewerText {
  readonly dir: 'ltr' | 'rtl';
  readonly #messages: Messages;
  readonly #own = new Map<string, string>();
  #plurals: Intl.PluralRules | null = null;
  #numbers: Intl.NumberFormat | null = null;

  constructor(
    readonly lang: ViewerLanguage = 'en',
    messages: Messages = en,
    settings?: Pick<MapSettings, 'text' | 'legend'>,
  ) {
    this.#messages = messages;
    this.dir = RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
    // An author's text (or Mapplic's imported searchText and the like) is any text not left at its English default.
    const text = settings?.text;
    if (text)
      for (const key of Object.keys(UI_TEXT_DEFAULTS) as UiTextKey[]) {
        const v = text[key];
        if (typeof v === 'string' && v !== '' && v !== UI_TEXT_DEFAULTS[key]) this.#own.set(key, v);
      }
    const legend = settings?.legend?.title;
    if (typeof legend === 'string' && legend !== '' && legend !== LEGEND_TITLE_DEFAULT)
      this.#own.set('legendTitle', legend);
  }

  /** The text for `key`, with `{name}` placeholders filled from `vars`. */
  t(key: TextKey, vars?: Vars): string {
    return fill(this.#own.get(key) ?? this.#messages[key], vars);
  }

  /** A count in words: the plural form of `key` for `n`, with `{n}` formatted for the language. */
  count(key: PluralKey, n: number): string {
    const shown = this.number(n);
    // The author's "found" word (Mapplic's foundText) follows the number, as Mapplic shows it.
    const own = key === 'foundCount' ? this.#own.get('found') : undefined;
    if (own) return `${shown} ${own}`;
    this.#plurals ??= new Intl.PluralRules(this.lang);
    const forms = this.#messages[key];
    return fill(forms[this.#plurals.select(n)] ?? forms.other, { n: shown });
  }

  /**
   * `n` in the language's digits and grouping. A whole number below 1,000 is its ASCII digits in every language here
   * but Arabic, and needs no `Intl.NumberFormat`: setting one up took 200–500 ms at 4x CPU slowdown, in the first
   * build of every map's directory (ADR 035).
   */
  number(n: number): string {
    if (this.lang !== 'ar' && Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
    this.#numbers ??= new Intl.NumberFormat(this.lang);
    return this.#numbers.format(n);
  }
}

/** English without a map's own texts: for code shown before or outside a map (and tests). */
export const ENGLISH = new ViewerText();
