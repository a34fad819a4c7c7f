// The outbox-renderer tests' world: a migrated store, and for each test a new secret box, sandbox world and
// renderer, with the helpers of outbox-rows.ts bound to them.
import { beforeEach } from "vitest";
import { createOutboxRenderer } from "../../../src/announcements/outbox-renderer.js";
import { systemClock } from "../../../src/clock.js";
import { createLogger } from "../../../src/logger.js";
import type { RenderOutboxEntry } from "../../../src/outbox/outbox-result.js";
import type { SecretBox } from "../../../src/secrets/secret-box.js";
import { useMigratedStore, type TestDatabase } from "../../store/databases.js";
import { createTestSecretBox } from "../../store/secret-box-fixture.js";
import { createSandboxWorld, type SandboxWorld } from "./events.js";
import { createOutboxRowHelpers } from "./outbox-rows.js";

export function useOutboxRenderer(database: TestDatabase) {
  const store = useMigratedStore(database);
  let box: SecretBox;
  let world: SandboxWorld;
  let render: RenderOutboxEntry;

  beforeEach(() => {
    box = createTestSecretBox();
    world = createSandboxWorld();
    // Assigned to the worker's own type: the outbox worker can be given this renderer as it is.
    render = createOutboxRenderer({
      db: store.db,
      clock: systemClock,
      logger: createLogger({ level: "silent" }),
    });
  });

  const context = {
    store,
    get db() {
      return store.db;
    },
    get box() {
      return box;
    },
    get world() {
      return world;
    },
    get render() {
      return render;
    },
  };
  // Assigned onto the context, whose getters read each test's own box, world and renderer.
  return Object.assign(context, createOutboxRowHelpers(context));
}
