import { dirname, join, normalize, relative } from 'node:path';
import type { Rule } from 'eslint';
import { areaOf, pathBetween, serverAreaGraph, type AreaGraph } from './area-graph.ts';

/**
 * ESLint rule `obmen/no-area-cycle` (docs/decisions/0014-import-boundaries.md): an import from one server area into
 * another that already reaches back to it (directly or round a loop) is an error. import-x/no-cycle sees cycles of
 * files; two areas can import each other through different files and have none, which is what this catches.
 * The graph is read from disk once per lint run.
 */
let cached: { root: string; graph: AreaGraph } | undefined;
function graphOf(root: string): AreaGraph {
  if (cached?.root !== root) cached = { root, graph: serverAreaGraph(root) };
  return cached.graph;
}

export const noAreaCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between server areas' },
    messages: {
      cycle:
        'Importing {{to}} from {{from}} closes a cycle: {{to}} already imports {{from}} ({{via}}). Pass a function in ' +
        'server/services.ts or move the shared piece down (docs/decisions/0014-import-boundaries.md).',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename);
    const from = areaOf(file);
    if (!from) return {};
    const check = (node: Rule.Node, source: unknown) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = areaOf(relative('.', normalize(join(dirname(file), source))));
      if (!to || to === from) return;
      const graph = graphOf(root);
      const path = pathBetween(graph, to, from);
      if (path) context.report({ node, messageId: 'cycle', data: { from, to, via: path.join(', ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};
