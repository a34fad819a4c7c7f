// /rank, /stats, /profile and /whoami read the member's own record (GET /users/me, its statistics, its rank):
// a 404 there names no id the member typed, so it is told as what is missing, never as "Check the id", with
// the platform's request id (docs/conventions.md, habit 4). The platform is a real server on 127.0.0.1.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { openProfileEditor, profileEditModal } from "../../src/commands/profile/profile-edit.js";
import { profile } from "../../src/commands/profile/profile-command.js";
import { rank } from "../../src/commands/rank/rank-command.js";
import { stats } from "../../src/commands/stats/stats-command.js";
import { whoami } from "../../src/commands/whoami/whoami-command.js";
import { InteractionResponder } from "../../src/discord/interaction-responder.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { createLogger } from "../../src/logger.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { actor, useLinkedMember } from "./support/linked-member.js";

const notFound = {
  status: 404,
  body: { error: { code: "NOT_FOUND", message: "User not found", requestId: "req_gone" } },
};

function newContext() {
  const responder = new InteractionResponder(
    new REST(),
    { id: "400000000000000004", token: "token", application_id: "500000000000000005" },
    () => Promise.resolve(),
  );
  return { actor, responder, logger: createLogger({ level: "silent" }), interaction: {} as never };
}

async function refusal(run: () => Promise<unknown>): Promise<UserFacingError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UserFacingError);
  return error as UserFacingError;
}

describe.each(testDatabases().slice(0, 1))("a 404 to the member's own record, on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  const commands: [string, () => Promise<unknown>, RegExp][] = [
    [
      "/rank",
      () => rank.run(linked.deps, { ...newContext(), args: { options: {} } as never }),
      /^The platform found no rank for the account you linked here/,
    ],
    [
      "/stats",
      () => stats.run(linked.deps, { ...newContext(), args: { options: {} } as never }),
      /^The platform found no statistics for the account you linked here/,
    ],
    [
      "/profile view",
      () => profile.run(linked.deps, { ...newContext(), args: { subcommand: "view", options: {} } as never }),
      /^The platform found no account for the credential you linked here/,
    ],
    [
      "/profile edit, opening the form",
      () => openProfileEditor(linked.deps, actor, newContext().responder),
      /^The platform found no account for the credential you linked here/,
    ],
    [
      "/profile edit, sending the form",
      () =>
        profileEditModal.run(linked.deps, {
          ...newContext(),
          params: [],
          fields: { displayName: "Ada" },
          interaction: {} as never,
        }),
      /^The platform found no account for the credential you linked here/,
    ],
    [
      "/whoami",
      () => whoami.run(linked.deps, { ...newContext(), args: { options: {} } as never }),
      /^The platform found no account for the credential you linked here/,
    ],
  ];

  it.each(commands)("%s says what is missing, with the request id", async (_name, run, meaning) => {
    linked.platform.queueReplies(notFound);
    const error = await refusal(run);
    expect(error.code).toBe("own_record_not_found");
    expect(error.message).toMatch(meaning);
    expect(error.message).not.toMatch(/Check the id/);
    expect(error.message).toContain("req_gone");
    expect(error.message).not.toContain("User not found");
  });
});
