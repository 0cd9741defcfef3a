import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * How the content module's folders may import each other: `registry/` (the sections, their fields
 * and rules) is the base and imports no other content folder; `workflow/` (every write, drafts,
 * history, trash) builds on it; `content.server.ts` (published reads, the API's writes) on both;
 * `public/` and `admin/` read from those and not from each other; `demo/` seeds through them. No
 * two folders import each other, directly or round a longer loop. Tests may cross.
 */
const root = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file's folder inside content: "registry", "workflow", …, or "root" for content/*.ts. */
const folderOf = (path: string) => {
  const parts = relative(root, path).split("/");
  return parts.length > 1 ? parts[0]! : "root";
};

/** Folder → the other content folders its files import. */
function folderImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(root)) {
    const from = folderOf(file);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)[^"']*?from\s+["']([^"']+)["']/g)) {
      if (!spec!.startsWith(".")) continue;
      const target = resolve(dirname(file), spec!);
      if (relative(root, target).startsWith("..")) continue;
      const to = folderOf(target);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** Every loop in the folder graph, as "a → b → a". */
function loops(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (path: string[]) => {
    for (const next of edges.get(path.at(-1)!) ?? []) {
      if (next === path[0]) found.push([...path, next].join(" → "));
      else if (!path.includes(next) && next > path[0]!) walk([...path, next]);
    }
  };
  for (const start of edges.keys()) walk([start]);
  return found;
}

describe("content folders", () => {
  const edges = folderImports();

  it("have no import loops between them", () => {
    expect(loops(edges)).toEqual([]);
  });

  it("keep the registry a base that imports no other content folder", () => {
    expect([...(edges.get("registry") ?? [])]).toEqual([]);
  });

  it("keep public pages and admin screens apart", () => {
    expect(edges.get("public")?.has("admin") ?? false).toBe(false);
    expect(edges.get("admin")?.has("public") ?? false).toBe(false);
  });

  it("see every import (the check reads real edges)", () => {
    expect(edges.get("workflow")?.has("registry")).toBe(true);
  });
});
