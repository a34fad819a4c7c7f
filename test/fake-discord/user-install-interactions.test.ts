// Commands from the app installed to a user's account, run outside guilds, with a real discord.js client:
// no guild_id, `user` instead of `member`, context 1 or 2, authorizing_integration_owners {"1": user}, and
// delivered only when the command's integration_types and contexts allow it, as Discord does.
import {
  ApplicationCommandOptionType,
  ApplicationIntegrationType,
  ButtonStyle,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  MessageFlags,
  OAuth2Routes,
  OAuth2Scopes,
  RESTJSONErrorCodes,
  type ChatInputCommandInteraction,
  type Client,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CommandHiddenError, createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { maxUserInstallFollowUps } from "../../fake-discord/interactions/interaction-webhook.js";
import { connectClient } from "./connect-client.js";

const { UserInstall, GuildInstall } = ApplicationIntegrationType;
const { Guild, BotDM, PrivateChannel } = InteractionContextType;

describe("interactions from a user install", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guildId: string;
  let aliceId: string;
  let bobId: string;
  let carolId: string;
  /** What each of a `/history` answer's follow-ups met, by interaction id: "sent", or Discord's error code. */
  const followUpOutcomes = new Map<string, Promise<(string | number)[]>>();

  /** Answers, then sends one follow-up more than a user install may. */
  function answerWithFollowUps(interaction: ChatInputCommandInteraction): void {
    const outcomes = (async () => {
      await interaction.reply({ content: "page 1" });
      const met: (string | number)[] = [];
      for (let page = 2; page <= 2 + maxUserInstallFollowUps; page += 1) {
        met.push(
          await interaction.followUp({ content: `page ${String(page)}` }).then(
            () => "sent",
            // discord.js's own copy of @discordjs/rest threw it: read its code as Discord sent it.
            (error: unknown) => (error as { code?: string | number }).code ?? String(error),
          ),
        );
      }
      return met;
    })();
    followUpOutcomes.set(interaction.id, outcomes);
  }

  beforeAll(async () => {
    fake = await createFakeDiscord({ oauth2: { redirectUris: ["http://127.0.0.1:9/installed"] } });
    const guild = fake.createGuild({ name: "Arena" });
    guildId = guild.id;
    aliceId = fake.createMember(guild.id, { username: "alice" }).id;
    bobId = fake.createMember(guild.id, { username: "bob" }).id;
    carolId = fake.createMember(guild.id, { username: "carol" }).id;
    client = await connectClient(fake);
    client.on("interactionCreate", (interaction) => {
      if (interaction.isAutocomplete()) {
        const typed = interaction.options.getFocused();
        void interaction.respond([{ name: `${typed} for ${interaction.user.username}`, value: typed }]);
        return;
      }
      if (interaction.isButton()) {
        void interaction.update({ content: `confirmed by ${interaction.user.username}`, components: [] });
        return;
      }
      if (!interaction.isChatInputCommand()) return;
      if (interaction.commandName === "history") {
        answerWithFollowUps(interaction);
        return;
      }
      if (interaction.commandName === "link") {
        const button = {
          type: ComponentType.Button,
          style: ButtonStyle.Primary,
          custom_id: "confirm",
          label: "Confirm",
        };
        void interaction.reply({
          content: "Link?",
          components: [{ type: ComponentType.ActionRow, components: [button] }],
        });
        return;
      }
      const secret = interaction.options.getBoolean("secret") ?? false;
      void interaction.reply({
        content: `${interaction.commandName} for ${interaction.user.username} in ${interaction.guildId ?? "no guild"}`,
        ...(secret ? { flags: MessageFlags.Ephemeral } : {}),
      });
    });
    await client.application.commands.set([
      {
        name: "rank",
        description: "Your rank",
        options: [
          { type: ApplicationCommandOptionType.Boolean, name: "secret", description: "Only you see it" },
          {
            type: ApplicationCommandOptionType.String,
            name: "season",
            description: "Which season",
            autocomplete: true,
          },
        ],
        integrationTypes: [GuildInstall, UserInstall],
        contexts: [Guild, BotDM, PrivateChannel],
      },
      { name: "link", description: "Link your account", integrationTypes: [UserInstall], contexts: [BotDM] },
      {
        name: "history",
        description: "Past battles",
        integrationTypes: [GuildInstall, UserInstall],
        contexts: [Guild, BotDM],
      },
      { name: "setup", description: "Server setup" },
    ]);
  });
  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("offers nothing to a user who has not added the app, and authorizing with integration_type=1 adds it", () => {
    expect(() => fake.runUserInstallCommand({ userId: aliceId, context: "bot-dm", name: "rank" })).toThrow(
      CommandHiddenError,
    );
    const query = new URLSearchParams({
      client_id: fake.oauth2.clientId,
      response_type: "code",
      redirect_uri: "http://127.0.0.1:9/installed",
      scope: OAuth2Scopes.ApplicationsCommands,
      integration_type: String(UserInstall),
    });
    fake.oauth2.approve(`${OAuth2Routes.authorizationURL}?${query.toString()}`, aliceId);
    expect(fake.oauth2.isInstalledForUser(aliceId)).toBe(true);
    expect(fake.oauth2.isInstalledForUser(bobId)).toBe(false);
  });

  it("sends a BOT_DM command without guild_id or member, owned by the user, and takes the bot's answer", async () => {
    const handle = fake.runUserInstallCommand({ userId: aliceId, context: "bot-dm", name: "rank" });
    const answer = await handle.waitForFinal();
    expect(handle.payload).toMatchObject({
      context: BotDM,
      authorizing_integration_owners: { [UserInstall]: aliceId },
      user: { id: aliceId, username: "alice" },
      channel: { type: ChannelType.DM, recipients: [{ id: fake.botUser.id }] },
      app_permissions: expect.stringMatching(/^\d+$/) as unknown,
    });
    expect(handle.payload).not.toHaveProperty("guild_id");
    expect(handle.payload).not.toHaveProperty("member");
    expect(answer.content).toBe("rank for alice in no guild");
    expect(answer.guildId).toBeNull();
    expect(fake.messages(String(handle.payload.channel_id)).map((message) => message.id)).toContain(
      answer.id,
    );
  });

  it("asks the bot for choices as the user types in the DM, as type 4 in the same place, and takes its answer", async () => {
    const handle = fake.autocompleteUserInstall({
      userId: aliceId,
      context: "bot-dm",
      name: "rank",
      options: { secret: true },
      focused: { name: "season", value: "sum" },
    });
    expect(await handle.choices()).toEqual([{ name: "sum for alice", value: "sum" }]);
    expect(handle.payload).toMatchObject({
      type: InteractionType.ApplicationCommandAutocomplete,
      context: BotDM,
      authorizing_integration_owners: { [UserInstall]: aliceId },
      user: { id: aliceId },
      channel: { type: ChannelType.DM, recipients: [{ id: fake.botUser.id }] },
      app_permissions: expect.stringMatching(/^\d+$/) as unknown,
      data: {
        name: "rank",
        options: [
          { name: "secret", value: true },
          { name: "season", value: "sum", focused: true },
        ],
      },
    });
    expect(handle.payload).not.toHaveProperty("guild_id");
    expect(handle.payload).not.toHaveProperty("member");
    // As for running it: a command left to guild installs offers no choices outside a guild.
    expect(() =>
      fake.autocompleteUserInstall({
        userId: aliceId,
        context: "bot-dm",
        name: "setup",
        focused: { name: "channel", value: "" },
      }),
    ).toThrow(CommandHiddenError);
  });

  it("keeps an ephemeral answer to the user, and the same DM channel for the next command", async () => {
    const first = fake.runUserInstallCommand({ userId: aliceId, context: "bot-dm", name: "link" });
    const second = fake.runUserInstallCommand({
      userId: aliceId,
      context: "bot-dm",
      name: "rank",
      options: { secret: true },
    });
    expect((await first.waitForFinal()).content).toBe("Link?");
    const hidden = await second.waitForFinal();
    expect(second.payload.channel_id).toBe(first.payload.channel_id);
    expect(hidden.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(fake.messages(String(second.payload.channel_id))).not.toContainEqual(hidden);
  });

  it("delivers a button press on the DM answer with the same context, owners and channel", async () => {
    const command = fake.runUserInstallCommand({ userId: aliceId, context: "bot-dm", name: "link" });
    const prompt = await command.waitForFinal();
    const press = fake.pressButton({ message: prompt, customId: "confirm", userId: aliceId });
    expect(press.payload).toMatchObject({
      type: 3,
      context: BotDM,
      channel_id: command.payload.channel_id,
      authorizing_integration_owners: { [UserInstall]: aliceId },
      user: { id: aliceId },
      message: { id: prompt.id },
    });
    expect(press.payload).not.toHaveProperty("guild_id");
    expect((await press.waitForFinal()).content).toBe("confirmed by alice");
  });

  it("runs in a private channel (context 2) only the commands whose contexts include it", async () => {
    fake.oauth2.installForUser(bobId);
    const handle = fake.runUserInstallCommand({
      userId: bobId,
      context: "private-channel",
      withUserIds: [aliceId, carolId],
      name: "rank",
    });
    expect(handle.payload).toMatchObject({
      context: PrivateChannel,
      authorizing_integration_owners: { [UserInstall]: bobId },
      channel: { type: ChannelType.GroupDM },
    });
    expect((await handle.waitForFinal()).content).toBe("rank for bob in no guild");
    expect(() =>
      fake.runUserInstallCommand({
        userId: bobId,
        context: "private-channel",
        withUserIds: [aliceId],
        name: "link",
      }),
    ).toThrow(/contexts leave out PrivateChannel/);
  });

  it("refuses a user install's sixth follow-up with 40094, and leaves a server install's uncounted", async () => {
    fake.oauth2.installForUser(carolId);
    const outcomesOf = async (handle: { readonly id: string }) => {
      await vi.waitFor(
        () => {
          if (!followUpOutcomes.has(handle.id)) throw new Error("not answered yet");
        },
        { timeout: 15_000 },
      );
      return followUpOutcomes.get(handle.id);
    };
    const inDm = fake.runUserInstallCommand({ userId: carolId, context: "bot-dm", name: "history" });
    expect(await outcomesOf(inDm)).toEqual([
      ...Array<string>(maxUserInstallFollowUps).fill("sent"),
      RESTJSONErrorCodes.ThisInteractionHasHitTheMaximumNumberOfFollowUpMessages,
    ]);
    const channelId = fake.createChannel(guildId, { name: "battles" }).id;
    const inServer = fake.runCommand({ guildId, channelId, userId: carolId, name: "history" });
    expect(await outcomesOf(inServer)).toEqual(Array<string>(maxUserInstallFollowUps + 1).fill("sent"));
  });

  it("refuses a command left to guild installs, as its integration_types default to GUILD_INSTALL", () => {
    expect(() => fake.runUserInstallCommand({ userId: aliceId, context: "bot-dm", name: "setup" })).toThrow(
      /integration_types leave out USER_INSTALL/,
    );
    const sent = fake.interactions().filter((record) => record.commandName === "setup");
    expect(sent).toEqual([]);
  });
});
