// A live view's subscription to world changes (the playground's page): registers with the world once, on the
// first listener, and tells each listener added since.
import type { FakeWorld } from "../world/world.js";
import type { WorldListener } from "../world/world-listener.js";

/**
 * `toListener` turns a function telling every listener into the world's listener for the changes watched;
 * the answer adds a listener and returns a function that stops it.
 */
export function createWorldWatch<Change>(
  world: FakeWorld,
  toListener: (tell: (change: Change) => void) => WorldListener,
): (listener: (change: Change) => void) => () => void {
  const watchers = new Set<(change: Change) => void>();
  let watching = false;
  return (listener) => {
    if (!watching) {
      watching = true;
      world.listen(
        toListener((change) => {
          for (const watcher of [...watchers]) watcher(change);
        }),
      );
    }
    watchers.add(listener);
    return () => {
      watchers.delete(listener);
    };
  };
}
