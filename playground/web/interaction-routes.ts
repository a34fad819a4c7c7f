// Acting as a member from the page: run a typed slash command, ask the bot's autocomplete, press a button,
// pick in a menu, submit a modal. Each answers with the bot's first response (a modal to draw, or that a
// message is coming: the page reads messages from the live stream).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { callbackType, type InteractionHandle } from "../../fake-discord/index.js";
import type { Playground } from "../start-playground.js";
import { findMemberId } from "./world-routes.js";

const answerTimeoutMs = 15_000;
/** Open modals are submitted from the handle that opened them; the latest few are kept. */
const rememberedHandles = 100;

const commandBody = z.object({ member: z.string(), channelId: z.string(), line: z.string().min(1) });
const dmCommandBody = z.object({ member: z.string(), line: z.string().min(1) });
const focused = z.object({ name: z.string(), value: z.string() });
const autocompleteBody = commandBody.extend({ focused });
const dmAutocompleteBody = z.object({ member: z.string(), line: z.string(), focused });
const componentBody = z.object({
  member: z.string(),
  messageId: z.string(),
  customId: z.string(),
  values: z.array(z.string()).optional(),
});
const modalBody = z.object({ interactionId: z.string(), fields: z.record(z.string(), z.string()) });

export function registerInteractionRoutes(app: FastifyInstance, playground: Playground): void {
  const { discord, guildId } = playground;
  // The member acting from the page is the one signed in in this browser, so /link's "Link account" links them.
  const actingMember = (name: string): string => {
    const userId = findMemberId(playground, name);
    playground.signInAs(name);
    return userId;
  };
  const handles = new Map<string, InteractionHandle>();
  const answer = async (handle: InteractionHandle) => {
    handles.set(handle.id, handle);
    if (handles.size > rememberedHandles) handles.delete(handles.keys().next().value ?? "");
    const response = await handle.response(answerTimeoutMs);
    const modal = response.type === callbackType.modal ? response.data : null;
    return { interactionId: handle.id, callbackType: response.type, modal };
  };

  app.post("/api/command", async (request) => {
    const body = commandBody.parse(request.body);
    const userId = actingMember(body.member);
    return answer(discord.runCommandLine({ guildId, channelId: body.channelId, userId, line: body.line }));
  });

  // In the member's DM with the bot: a command of the app they added to their account (context 1, no guild).
  app.post("/api/dm/command", async (request) => {
    const body = dmCommandBody.parse(request.body);
    const userId = actingMember(body.member);
    return answer(
      discord.runUserInstallCommandLine({
        userId,
        context: "bot-dm",
        line: body.line,
        namesFromGuildId: guildId,
      }),
    );
  });

  app.post("/api/autocomplete", async (request) => {
    const body = autocompleteBody.parse(request.body);
    const userId = findMemberId(playground, body.member);
    const handle = discord.autocompleteLine({
      guildId,
      channelId: body.channelId,
      userId,
      line: body.line,
      focused: body.focused,
    });
    return { choices: await handle.choices(answerTimeoutMs) };
  });

  // The bot's choices for an option typed in the member's DM with it (their user install, context 1).
  app.post("/api/dm/autocomplete", async (request) => {
    const body = dmAutocompleteBody.parse(request.body);
    const userId = findMemberId(playground, body.member);
    const handle = discord.autocompleteUserInstallLine({
      userId,
      context: "bot-dm",
      line: body.line,
      focused: body.focused,
      namesFromGuildId: guildId,
    });
    return { choices: await handle.choices(answerTimeoutMs) };
  });

  app.post("/api/component", async (request) => {
    const body = componentBody.parse(request.body);
    const userId = actingMember(body.member);
    const target = { message: body.messageId, customId: body.customId, userId };
    return answer(
      body.values === undefined
        ? discord.pressButton(target)
        : discord.selectMenu({ ...target, values: body.values }),
    );
  });

  app.post("/api/modal", async (request) => {
    const body = modalBody.parse(request.body);
    const from = handles.get(body.interactionId);
    if (from === undefined) throw new Error("That form is no longer open; open it again");
    return answer(discord.submitModal({ from, fields: body.fields }));
  });
}
