import type { Locale } from '../../../shared/locales.ts';
import type { ContentRepository } from './repository.ts';

export function contentService(repo: ContentRepository) {
  return {
    /** Contest settings the header loads (SPEC §2): the banner shows while `status` is 'active'. */
    async contest(locale: Locale) {
      const value = await repo.getSetting<{ status: 'active' | 'inactive' }>('contest');
      void locale;
      return { status: value?.status ?? 'inactive' };
    },
    async page(slug: string, locale: Locale) {
      const row = await repo.getPage(slug);
      if (!row) return null;
      return { slug: row.slug, title: row.title[locale] || row.title.ru, body: row.body[locale] || row.body.ru };
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
