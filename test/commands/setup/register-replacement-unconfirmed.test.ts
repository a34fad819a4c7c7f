// `/setup webhook register` on a platform that cannot update the webhook in place registers a new one with a
// new secret (src/commands/setup/replace-webhook.ts). When the platform does not confirm that registration
// (a 5xx, no answer), the new webhook may exist: both secrets stay accepted, the old one for an hour, and the
// admin is told so and how to finish, as after a rotation the platform did not confirm (the second test).
import { describe, expect, it } from "vitest";
import { registerGuildWebhook } from "../../../src/commands/setup/sub/webhook/register.js";
import { rotateGuildWebhookSecret } from "../../../src/commands/setup/sub/webhook/rotate-secret.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { listGuildWebhookEndpoints } from "../../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";
import { member, useLinkedMember } from "../support/linked-member.js";

describe.each(testDatabases().slice(0, 1))(
  "a new secret the platform did not confirm on $name",
  (database) => {
    const store = useMigratedStore(database);
    const linked = useLinkedMember(store);

    it("keeps both secrets accepted and tells the admin until when, and to register again", async () => {
      const { platform } = linked;
      const { deps } = linked;
      const request = { guildId: member.guildId, credential: { token: "key_write_0123456789" } };
      const endpoints = () =>
        listGuildWebhookEndpoints(deps.db, deps.secretBox, member.guildId, deps.clock.now());
      await registerGuildWebhook(deps, request);
      const [registered] = await endpoints();
      if (registered?.platformWebhookId == null) throw new Error("the first registration was not stored");

      // PATCH: no such operation; the new webhook's POST: the platform fails.
      platform.queueReplies({ status: 404, body: { error: "not_found" } }, { status: 503, body: {} });
      const failure = await registerGuildWebhook(deps, request).then(
        () => undefined,
        (error: unknown) => error,
      );

      expect(failure).toBeInstanceOf(UserFacingError);
      const rotatedAt = deps.clock.now();
      const acceptedUntil = Math.floor((rotatedAt + 3_600_000) / 1000);
      expect(failure).toMatchObject({ code: "replacement_unconfirmed" });
      expect((failure as Error).message).toBe(
        `The platform could not update webhook \`${registered.platformWebhookId}\` in place, and the new one ` +
          "the bot registered in its place with a new secret was not confirmed (if the platform made it and " +
          "the next run makes another, delete the extra one in the platform once its deliveries fail). Until " +
          `<t:${acceptedUntil}:f> the bot accepts deliveries signed with either secret; run ` +
          "`/setup webhook register` again to finish, and `/setup webhook test` to check.",
      );
      const [after] = await endpoints();
      // The new secret stays: the platform may have made the webhook with it. The old one is still accepted.
      expect(after?.secret).not.toBe(registered.secret);
      expect(after?.retiredSecrets.map((retired) => retired.secret)).toEqual([registered.secret]);
      expect(after?.platformWebhookId).toBe(registered.platformWebhookId);
      expect((failure as Error).message).not.toContain(registered.secret);
      expect((failure as Error).message).not.toContain(after?.secret);
    });

    it("tells an admin whose rotation the platform did not confirm the same way", async () => {
      const { platform } = linked;
      const { deps } = linked;
      const credential = { token: "key_write_0123456789" };
      await registerGuildWebhook(deps, { guildId: member.guildId, credential });
      const [registered] = await listGuildWebhookEndpoints(
        deps.db,
        deps.secretBox,
        member.guildId,
        deps.clock.now(),
      );
      const platformWebhookId = registered?.platformWebhookId;
      if (registered === undefined || platformWebhookId == null)
        throw new Error("the registration was not stored");

      platform.queueReplies({ status: 503, body: {} });
      const failure = await rotateGuildWebhookSecret(deps, {
        endpoint: { ...registered, platformWebhookId },
        credential,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );

      expect(failure).toMatchObject({ code: "rotation_unconfirmed" });
      const acceptedUntil = Math.floor((deps.clock.now() + 3_600_000) / 1000);
      expect((failure as Error).message).toBe(
        `The platform did not confirm the new secret. Until <t:${acceptedUntil}:f> the bot accepts deliveries ` +
          "signed with either secret; run `/setup webhook rotate-secret` again to finish, and `/setup webhook test` " +
          "to check.",
      );
    });
  },
);
