import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/layers.md: between the folders of app/ (and its root files) imports run one way. A loop
 * of folders (auth → content → auth) means neither can be read, moved or tested without the
 * other. This reads every import of app/ (tests left out: they may cross) and fails on any loop,
 * naming one import on each leg so the fix is plain.
 */
const APP = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A folder of app/ (`auth`) or a root file (`pages.ts`): the rooms imports run between. */
const roomOf = (path: string): string | null => {
  const rel = relative(APP, path);
  if (rel.startsWith("..")) return null;
  return rel.split("/")[0]!;
};

/** Room → room → one import that makes the arrow, as `file → target`. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(APP)) {
    const from = roomOf(file)!;
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]!;
      const target = spec.startsWith("~/") ? join(APP, spec.slice(2)) : spec.startsWith(".") ? normalize(join(dirname(file), spec)) : null;
      const to = target && roomOf(target);
      if (!to || to === from) continue;
      const arrows = graph.get(from) ?? new Map<string, string>();
      if (!arrows.has(to)) arrows.set(to, `${relative(APP, file)} → ${spec}`);
      graph.set(from, arrows);
    }
  }
  return graph;
}

/** The first loop found by a depth-first walk, as its rooms in order, or null. */
function findLoop(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (room: string): string[] | null => {
    state.set(room, "open");
    path.push(room);
    for (const next of graph.get(room)?.keys() ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const loop = visit(next);
        if (loop) return loop;
      }
    }
    path.pop();
    state.set(room, "done");
    return null;
  };
  for (const room of graph.keys()) {
    if (state.has(room)) continue;
    const loop = visit(room);
    if (loop) return loop;
  }
  return null;
}

describe("app's folders", () => {
  it("import each other in one direction only: no loop", () => {
    const graph = folderGraph();
    const loop = findLoop(graph);
    const legs = loop?.slice(1).map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i]!)!.get(to)})`);
    expect(legs ?? [], "a loop of imports between app's folders").toEqual([]);
  });

  it("sees a loop when there is one (the check bites)", () => {
    const graph = new Map([
      ["auth", new Map([["content", "auth/x.ts → ../content/y.ts"]])],
      ["content", new Map([["auth", "content/y.ts → ../auth/x.ts"]])],
    ]);
    expect(findLoop(graph)).toEqual(["auth", "content", "auth"]);
    expect(findLoop(new Map([["auth", new Map([["db", ""]])]]))).toBeNull();
  });
});
