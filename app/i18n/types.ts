/**
 * The plural forms Russian has and English does not (i18next's `_few`/`_many` suffixes, by Intl.PluralRules): the
 * source catalogue writes "1 раз / 3 раза / 5 раз" as `_one`/`_few`/`_many`/`_other`, English only `_one`/`_other`.
 */
type RussianOnlyPlural = `${string}_${'few' | 'many'}`;

/**
 * The shape of a catalogue with every leaf a string: an en catalogue typed so must have every ru key, but for the
 * plural forms English has no use for.
 */
export type Catalogue<T> = {
  [K in keyof T as K extends RussianOnlyPlural ? never : K]: T[K] extends string ? string : Catalogue<T[K]>;
};
