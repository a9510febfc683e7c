import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { areaCycles, serverAreaGraph, type AreaGraph } from '../../scripts/area-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * No two server areas import each other, directly or round a longer loop (docs/decisions/0014-import-boundaries.md).
 * ESLint's import-x/no-cycle catches a cycle of files; this catches the wider one of areas, which has no file cycle
 * in it: claims/routes.ts -> referral/attribution.ts while referral/service.ts -> claims/repository.ts.
 */
describe('server areas', () => {
  it('import each other without a cycle', () => {
    expect(areaCycles(serverAreaGraph(root))).toEqual([]);
  });

  it('a cycle between areas is found and named with the imports that make it', () => {
    const graph: AreaGraph = new Map([
      [
        'modules/claims',
        new Map([['modules/referral', 'server/modules/claims/routes.ts -> server/modules/referral/attribution.ts']]),
      ],
      [
        'modules/referral',
        new Map([['modules/claims', 'server/modules/referral/service.ts -> server/modules/claims/repository.ts']]),
      ],
      ['services', new Map([['modules/claims', 'server/services.ts -> server/modules/claims/service.ts']])],
    ]);
    const cycles = areaCycles(graph);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toEqual(
      expect.arrayContaining([
        expect.stringContaining('modules/claims -> modules/referral (server/modules/claims/routes.ts'),
        expect.stringContaining('modules/referral -> modules/claims (server/modules/referral/service.ts'),
      ]),
    );
  });

  it('no public area imports the operator console', () => {
    const intoConsole = [...serverAreaGraph(root)]
      .filter(([area]) => area.startsWith('modules/') && area !== 'modules/admin')
      .flatMap(([, edges]) => [...edges].filter(([to]) => to === 'modules/admin').map(([, why]) => why));
    expect(intoConsole).toEqual([]);
  });

  it('sees the areas of the real tree, the console as one', () => {
    const graph = serverAreaGraph(root);
    expect(graph.get('services')?.has('modules/admin')).toBe(true);
    expect([...graph.keys()].some((area) => area.startsWith('modules/admin/'))).toBe(false);
  });
});

/** What `npm run lint` says of a file that is not in the tree: the rules as CI runs them, on a deliberate mistake. */
async function lint(file: string, code: string) {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('npm run lint', () => {
  it('refuses an import that closes a cycle between server areas, naming the way back', async () => {
    const messages = await lint(
      'server/modules/referral/probe.ts',
      "import { claimViews } from '../claims/views.ts';\nexport const probe = claimViews;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^obmen\/no-area-cycle: Importing modules\/claims from modules\/referral closes a cycle: .*server\/modules\/claims\/routes\.ts -> server\/modules\/referral\/attribution\.ts/,
      ),
    ]);
  }, 60_000);

  it('refuses shared/ code importing the server', async () => {
    const messages = await lint(
      'shared/probe.ts',
      "import { AppError } from '../server/errors.ts';\nexport const probe = AppError;\n",
    );
    expect(messages).toEqual([expect.stringContaining('shared/ may not import from server/ or app/')]);
  }, 60_000);
});
