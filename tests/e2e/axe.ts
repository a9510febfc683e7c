import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * WCAG 2.1 A/AA plus axe's best practices; only serious and critical findings fail (docs/testing.md: axe on every
 * page).
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function axeViolations(page: Page, opts: { exclude?: string[] } = {}) {
  // Colours mid-transition (a pressed chip fading from brand to grey, a modal fading in) are not what anyone reads, and
  // axe measures them as low contrast: let running CSS transitions and animations finish first (infinite ones, such
  // as spinners, are left alone).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with one line per finding: rule, impact, help and the first few offending elements. */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}) {
  const found = await axeViolations(page, opts);
  const lines = found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ''}`,
  );
  expect(lines, `axe on ${page.url()}`).toEqual([]);
}
