/**
 * The languages the viewer speaks (docs/adr/023-viewer-languages-and-analytics-page.md): the map's `language`
 * setting names one of them or 'auto' (the visitor's browser language, else English). Zod-free, so the embed can
 * read it. The interface texts an author can set per map (`settings.text`, `settings.legend.title`) keep their
 * English defaults here: a text still equal to its default is the viewer's to translate, any other is the
 * author's and is shown in every language.
 */
export const VIEWER_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ja', 'zh', 'ko', 'ar', 'he'] as const;
export type ViewerLanguage = (typeof VIEWER_LANGUAGES)[number];
export const LANGUAGE_SETTINGS = ['auto', ...VIEWER_LANGUAGES] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

/** Languages written right to left: the viewer's root gets `dir="rtl"`. */
export const RTL_LANGUAGES: ReadonlySet<string> = /* @__PURE__ */ new Set<ViewerLanguage>(['ar', 'he']);

/** Each language by its own name, for the editor's choice. */
export const LANGUAGE_NAMES: Record<ViewerLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  ja: '日本語',
  zh: '简体中文',
  ko: '한국어',
  ar: 'العربية',
  he: 'עברית',
};

/** The defaults of `settings.text` (and the legend's title): English, as the schema fills them in. */
export const UI_TEXT_DEFAULTS = {
  more: 'More',
  search: 'Search',
  clearAll: 'Clear all',
  found: 'found',
  noResults: 'No results found.',
  filters: 'Filters',
  wheelHint: 'Use Ctrl + scroll to zoom the map',
  from: 'From',
  to: 'To',
  go: 'Go',
} as const;
export type UiTextKey = keyof typeof UI_TEXT_DEFAULTS;
export const LEGEND_TITLE_DEFAULT = 'Map legend';

const isViewerLanguage = (tag: string): tag is ViewerLanguage => (VIEWER_LANGUAGES as readonly string[]).includes(tag);

/**
 * The language a viewer shows: the map's own choice, or for 'auto' (and an unknown value) the first of the
 * browser's languages the viewer speaks, matched by its primary subtag ('pt-BR' → 'pt', 'zh-TW' → 'zh'), else English.
 */
export function pickLanguage(setting: unknown, browser: readonly string[]): ViewerLanguage {
  if (typeof setting === 'string' && isViewerLanguage(setting)) return setting;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isViewerLanguage(primary)) return primary;
  }
  return 'en';
}
