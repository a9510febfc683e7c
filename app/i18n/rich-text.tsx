import { cloneElement, type ReactElement, type ReactNode } from 'react';

/**
 * A translated string with tags, `Я принимаю <rules>правила сервиса</rules>`, rendered with an element for each tag
 * (its text as the children), as react-i18next's `<Trans components>` does for such flat strings; without the weight
 * of `<Trans>` and its HTML parser (docs/decisions/0028). Text outside tags stays text; a tag with no element too.
 */
export function richText(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const [, tag = '', inner = ''] = m;
    const element = components[tag];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
