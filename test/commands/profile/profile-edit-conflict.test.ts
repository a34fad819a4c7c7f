// PUT /users/me answered 409 CONFLICT (the platform's API reference: "resource already exists or action
// conflicts", a display name another account has, say): the member is told nothing changed, never the
// general "perhaps it was already done", which would say a refused change may have gone through. Either way,
// and for a website the bot refuses, what was typed comes back as a file. The platform is a real server on
// 127.0.0.1.
import { REST } from "@discordjs/rest";
import { describe, expect, it } from "vitest";
import { profileEditModal } from "../../../src/commands/profile/profile-edit.js";
import { InteractionResponder } from "../../../src/discord/interaction-responder.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { createLogger } from "../../../src/logger.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { actor, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))("/profile edit refused with 409 on $name", (database) => {
  const store = useMigratedStore(database);
  const linked = useLinkedMember(store);

  /** Sends the form with `fields`; the error it was answered with, and how many times it deferred first. */
  async function submitForm(fields: Record<string, string>): Promise<{ error: unknown; deferred: number }> {
    let deferred = 0;
    const responder = new InteractionResponder(
      new REST(),
      { id: "400000000000000004", token: "token", application_id: "500000000000000005" },
      () => {
        deferred += 1;
        return Promise.resolve();
      },
    );
    const error = await profileEditModal
      .run(linked.deps, {
        actor,
        responder,
        logger: createLogger({ level: "silent" }),
        params: [],
        fields,
        interaction: {} as never,
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    return { error, deferred };
  }

  it("says nothing was changed, with the platform's request id", async () => {
    linked.platform.queueReplies({
      status: 409,
      body: { error: { code: "CONFLICT", message: "Display name taken", requestId: "req_taken" } },
    });
    const { error } = await submitForm({ displayName: "Ada", bio: "Twelve years of\nshortest paths." });

    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ code: "profile_conflict" });
    const { message } = error as UserFacingError;
    expect(message).toMatch(/^The platform refused the change: .* Nothing was changed;/);
    expect(message).toContain("req_taken");
    expect(message).not.toContain("already done");
    // A sent form cannot be reopened: what was typed comes back, to paste into the form opened again.
    expect(message).toMatch(/run `\/profile edit` again with other values\.[^]*What you typed is attached/);
    const files = (error as UserFacingError).reply?.files ?? [];
    expect(files.map((file) => [file.name, String(file.data)])).toEqual([
      ["profile.txt", "Display name:\nAda\n\nBio:\nTwelve years of\nshortest paths.\n"],
    ]);
    const sent = linked.platform.requests.filter(({ method }) => method === "PUT");
    expect(sent).toHaveLength(1);
  });

  it("gives back what was typed when the website is refused, after deferring so the file can be sent", async () => {
    const { error, deferred } = await submitForm({ bio: "Graphs, mostly.", website: "my site" });

    expect(error).toMatchObject({ code: "invalid_website" });
    expect(deferred).toBe(1);
    const files = (error as UserFacingError).reply?.files ?? [];
    expect(files.map((file) => String(file.data))).toEqual(["Bio:\nGraphs, mostly.\n\nWebsite:\nmy site\n"]);
    expect(linked.platform.requests.filter(({ method }) => method === "PUT")).toHaveLength(0);
  });
});
