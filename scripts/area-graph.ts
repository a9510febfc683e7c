import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The server's areas and who imports whom (docs/decisions/0014-import-boundaries.md). An area is a folder under
 * server/modules/ (the console, server/modules/admin/, is one area), server/db/, a plugin of server/plugins/, or one file at
 * server/'s top (app.ts, services.ts, errors.ts...). Type-only imports count: a cycle of types is still two areas
 * that cannot be understood, moved or tested apart.
 */
export type AreaGraph = Map<string, Map<string, string>>;

export function areaOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server') return null;
  if (parts[1] === 'modules') return `modules/${parts[2]}`;
  // Each plugin is its own piece of the app's frame (auth hooks, errors, SSR); db/ is the schema and its helpers.
  if (parts[1] === 'plugins') return `plugins/${parts[2]!.replace(/\.tsx?$/, '')}`;
  if (parts.length > 2) return parts[1]!;
  return parts[1]!.replace(/\.tsx?$/, '');
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const importPattern = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Area -> the areas it imports, each with one example import ("file -> file") for the message. */
export function serverAreaGraph(root: string): AreaGraph {
  const graph: AreaGraph = new Map();
  for (const file of sourceFiles(root, 'server')) {
    const from = areaOf(file)!;
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    for (const [, spec] of readFileSync(join(root, file), 'utf8').matchAll(importPattern)) {
      const target = relative('.', normalize(join(dirname(file), spec!)));
      const to = areaOf(target);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} -> ${target}`);
    }
  }
  return graph;
}

/**
 * The imports by which `from` reaches `to` ("file -> file", one per step), or null when it does not: an import of
 * `from` from `to` would then close a cycle.
 */
export function pathBetween(graph: AreaGraph, from: string, to: string): string[] | null {
  const came = new Map<string, [string, string] | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const area = queue.shift()!;
    if (area === to) {
      const steps: string[] = [];
      for (let at = came.get(area); at; at = came.get(at[0])) steps.unshift(at[1]);
      return steps;
    }
    for (const [next, why] of graph.get(area) ?? []) {
      if (!came.has(next)) {
        came.set(next, [area, why]);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every cycle between areas (strongly connected components of more than one area), each with its imports. */
export function areaCycles(graph: AreaGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) {
        const members = new Set(component);
        cycles.push(
          component.flatMap((a) =>
            [...(graph.get(a) ?? [])].filter(([b]) => members.has(b)).map(([b, why]) => `${a} -> ${b} (${why})`),
          ),
        );
      }
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
