import { renderMarkdown } from '../server/modules/content/markdown.ts';

/**
 * Markdown, a body of brackets (docs/performance.md): the bodies that once made the renderer quadratic (100,000 `[`
 * took 4 s, with the server waiting; `[a](` repeated read 2,048 characters from every `[`), rendered in this process,
 * against the same renderer on a body of ordinary prose with links, of the same length: a ratio near 1 is linear time,
 * a quadratic renderer is hundreds of times slower. The slowest body's median over `runs`; each run renders a body it has not seen
 * (renderMarkdown memoises). `node bench/markdown.ts` prints the result; bench/run.ts calls measureMarkdown.
 */

const adversarialBodies = {
  brackets: '['.repeat(100_000),
  'link openings': '[a]('.repeat(25_000),
  'an endless target': `[a](${'x'.repeat(100_000)}`,
};

/** Prose with a link, emphasis and code in every sentence, cut to a body's length. */
function prose(length: number): string {
  const sentence = 'Обмен идёт по [курсу](/rules) на момент **оплаты**, а код `USDT` указан в заявке. ';
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export function measureMarkdown({ runs }: { runs: number }) {
  const bodies = Object.entries(adversarialBodies).map(([name, body]) => {
    const render: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < runs; i++) {
      const source = `${body} ${i}`;
      const ordinary = `${prose(body.length)} ${i}`;
      baseline.push(timed(() => renderMarkdown(ordinary)));
      render.push(timed(() => renderMarkdown(source)));
    }
    return { name, renderMs: median(render), baselineMs: median(baseline) };
  });
  const slowest = bodies.reduce((a, b) => (b.renderMs / b.baselineMs > a.renderMs / a.baselineMs ? b : a));
  return { ...slowest, bodies };
}

if (import.meta.filename === process.argv[1]) console.log(JSON.stringify(measureMarkdown({ runs: 21 }), null, 2));
