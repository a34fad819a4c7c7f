import { getCurrentUser } from "../../api/users.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { defineCommand } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { explainMissingOwnRecord, ownAccountMissing } from "../explain-missing-own-record.js";
import { whoamiCommand } from "./data.js";
import { renderWhoami } from "./render-whoami.js";

export const whoami = defineCommand<BotDependencies, typeof whoamiCommand>({
  data: whoamiCommand,
  acknowledge: "ephemeral",
  async run(deps, { actor, responder }) {
    const { link, credential } = await getMemberSession(deps, actor);
    const user = await getCurrentUser(deps.platform, credential).catch(
      explainMissingOwnRecord(ownAccountMissing),
    );
    await responder.reply(renderWhoami(user, link));
  },
});
