/**
 * Bodies of content pages, FAQ answers and news are stored as a small Markdown subset and rendered here, on the
 * server, to HTML that the pages inline (class `prose-content`).
 *
 * Why not marked + sanitize-html: the texts need only headings, paragraphs, lists, quotes, emphasis, code and links.
 * This renderer escapes every character of the source first and then emits only the tags below, so no stored text can
 * inject markup or a script (safe by construction, no sanitiser to keep configured), it adds no dependency, and it is
 * cheap enough to run on every read.
 *
 * Syntax: `## h2`, `### h3` (a `#` heading becomes h2: the page title is the h1), `- item` / `* item`, `1. item`,
 * `> quote`, blank line between blocks, `**bold**`, `*italic*`, `` `code` ``, `[text](url)` where url is https:, http:,
 * mailto: or a site path ('/rules'), at most 2,048 characters, and neither holds a square bracket. Anything else is
 * plain text.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/**
 * Link targets we emit: http(s), mailto and site-relative paths. Checked on the escaped text: escaping never turns a
 * refused scheme into an allowed one. A backslash is refused anywhere: browsers read `\` as `/`, so `/\evil.example`
 * would be the off-site `//evil.example`; so are whitespace and control characters, which browsers strip from URLs.
 */
const safeHref = /^(https?:\/\/[^\\\s\p{Cc}]+|mailto:[^\\\s\p{Cc}]+|\/(?![/\\])[^\\\s\p{Cc}]*)$/iu;

function inline(escaped: string): string {
  // Code spans first, kept out of the other rules by placeholders.
  const codes: string[] = [];
  let out = escaped.replace(/`([^`]+)`/g, (_m, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  // Neither the text nor the target holds a square bracket: each try from a `[` then reads only to the next bracket,
  // so no character is read by two tries and a body of 100,000 `[` (or of `[a](`) renders in linear time, not in 4 s
  // of a blocked server (what a page's body, every 30 s, and each console preview took with `[^\]]+`). A target that
  // could hold `[` read up to its 2,048 characters from every `[a](` of such a body: 0.1 s quiet, over 0.5 s loaded.
  out = out.replace(/\[([^\][]+)\]\(([^)\s[\]]{1,2048})\)/g, (all, text: string, url: string) => {
    if (!safeHref.test(url)) return text;
    const external = /^https?:/i.test(url);
    return `<a href="${url}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${text}</a>`;
  });
  out = out.replace(/\*\*(?=\S)(.+?)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^*\w])\*(?=\S)([^*]+?)\*(?!\*)/g, '$1<em>$2</em>');
  return out.replace(/\uE000(\d+)\uE000/g, (m, i: string) => codes[Number(i)] ?? m);
}

type Block = { type: 'p' | 'h2' | 'h3' | 'quote'; lines: string[] } | { type: 'ul' | 'ol'; items: string[] };

function blocks(source: string): Block[] {
  const out: Block[] = [];
  let current = null as Block | null;
  const flush = (block: Block | null): null => {
    if (block) out.push(block);
    return null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      current = flush(current);
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      current = flush(current);
      out.push({ type: heading[1]!.length === 3 ? 'h3' : 'h2', lines: [heading[2]!] });
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const type = bullet ? 'ul' : 'ol';
      if (current?.type !== type) current = flush(current) ?? { type, items: [] };
      if (current.type === 'ul' || current.type === 'ol') current.items.push(item[1]!);
      continue;
    }
    const quote = /^>\s?(.*)$/.exec(line);
    if (quote) {
      if (current?.type !== 'quote') current = flush(current) ?? { type: 'quote', lines: [] };
      if (current.type === 'quote') current.lines.push(quote[1]!);
      continue;
    }
    if ((current?.type === 'ul' || current?.type === 'ol') && /^\s+/.test(raw)) {
      // An indented line continues the last list item.
      current.items[current.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (current?.type !== 'p') current = flush(current) ?? { type: 'p', lines: [] };
    if (current.type === 'p') current.lines.push(line.trim());
  }
  flush(current);
  return out;
}

function renderBlock(block: Block): string {
  switch (block.type) {
    case 'ul':
    case 'ol':
      return `<${block.type}>${block.items.map((i) => `<li>${inline(escapeHtml(i))}</li>`).join('')}</${block.type}>`;
    case 'quote':
      return `<blockquote><p>${inline(escapeHtml(block.lines.join(' ')))}</p></blockquote>`;
    default:
      return `<${block.type}>${inline(escapeHtml(block.lines.join(' ')))}</${block.type}>`;
  }
}

/** `{{name}}` placeholders (e.g. the support e-mail from the configuration), filled before rendering. */
export type Placeholders = Record<string, string>;

const cache = new Map<string, string>();
const cacheLimit = 500;

/** Markdown subset -> safe HTML. Results are memoised: the same few texts are rendered on every page view. */
export function renderMarkdown(source: string, placeholders: Placeholders = {}): string {
  const filled = source.replace(/\{\{(\w+)\}\}/g, (all, key: string) => placeholders[key] ?? all);
  const hit = cache.get(filled);
  if (hit !== undefined) return hit;
  const html = blocks(filled).map(renderBlock).join('\n');
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(filled, html);
  return html;
}
