/**
 * A list's order as a draft, laid over the published order: the drafted ids that are still
 * published, in the draft's order, then published records the draft does not name (published
 * after it was saved, or restored from the trash), in their published order. Pure, so the admin
 * list, the preview and publishing agree.
 */
export function applyOrder(liveIds: readonly string[], draftIds: readonly string[]): string[] {
  const live = new Set(liveIds);
  const drafted = draftIds.filter((id) => live.has(id));
  const named = new Set(drafted);
  return [...drafted, ...liveIds.filter((id) => !named.has(id))];
}

/** The order with `id` moved one place up or down; the same order when it cannot move. */
export function moveOne(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

export const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
