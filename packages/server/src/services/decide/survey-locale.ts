import type { SurveyData } from '../../schemas/index.js';

const language = (locale: string) => locale.split('-')[0]!.toLowerCase();

/**
 * The translation to show for a wanted locale (docs/surveys.md, "Translations"): the same tag (case
 * ignored), else the tag of the wanted one's language alone (`fr` for `fr-CA`), else the first tag
 * of that language (`pt-BR` for `pt`); undefined when none fits.
 */
export function pickLocale(available: readonly string[], wanted: string | undefined): string | undefined {
  if (wanted === undefined || wanted === '') return undefined;
  const lower = wanted.toLowerCase();
  return (
    available.find((locale) => locale.toLowerCase() === lower) ??
    available.find((locale) => locale.toLowerCase() === language(wanted)) ??
    available.find((locale) => language(locale) === language(wanted))
  );
}

/** Keeps the defined values of `texts` over `base`. */
function over<T extends object>(base: T, texts: object | undefined): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [field, value] of Object.entries(texts ?? {})) if (value !== undefined) merged[field] = value;
  return merged as T;
}

/**
 * A survey's content in the person's locale: the picked translation's texts over the survey's own
 * (follow-ups one by one), without `translations` and `default_locale`, with `locale` (the picked
 * tag, else `default_locale`, else absent). Choices keep their order in every locale, so an answer's
 * `choice_index` means the same choice whatever the language.
 */
export function localizeSurvey(content: Omit<SurveyData, 'status' | 'targeting' | 'variants'>, wanted: string | undefined): Record<string, unknown> {
  const { translations, default_locale, ...rest } = content;
  const locale = pickLocale(Object.keys(translations ?? {}), wanted);
  const translation = locale === undefined ? undefined : translations?.[locale];
  const shownLocale = locale ?? default_locale;
  if (translation === undefined) return { ...rest, ...(shownLocale !== undefined && { locale: shownLocale }) };
  const { follow_ups: followUpTexts, ...texts } = translation;
  const localized = over(rest, texts);
  if (rest.follow_ups) localized.follow_ups = rest.follow_ups.map((question, i) => over(question, followUpTexts?.[i]));
  return { ...localized, locale: shownLocale };
}
