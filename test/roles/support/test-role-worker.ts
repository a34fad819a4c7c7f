// The role worker as the tier role tests build it (src/roles/role-worker.ts): silent, named "worker-1",
// reading no member's tier (as when the platform answers nothing) and with its backoff's jitter at half a
// ceiling, unless a test says otherwise.
import { createLogger } from "../../../src/logger.js";
import { createRoleWorker, type RoleWorker, type RoleWorkerOptions } from "../../../src/roles/role-worker.js";

export function createTestRoleWorker(
  options: Pick<RoleWorkerOptions, "db" | "rest" | "clock" | "applicationId"> & Partial<RoleWorkerOptions>,
): RoleWorker {
  return createRoleWorker({
    logger: createLogger({ level: "silent" }),
    owner: "worker-1",
    readMemberTier: () => Promise.resolve(undefined),
    random: () => 0.5,
    ...options,
  });
}
