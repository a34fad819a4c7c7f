import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Client,
  type Interaction,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callbackType,
  createFakeDiscord,
  type CommandOptionValue,
  type FakeDiscord,
  type RunCommandInput,
} from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";
import { connectClient } from "./connect-client.js";

const battleCommand = {
  name: "battle",
  description: "Coding battles",
  options: [
    {
      type: 1,
      name: "create",
      description: "Create a battle",
      options: [
        {
          type: 3,
          name: "difficulty",
          description: "How hard",
          required: true,
          choices: [
            { name: "Easy", value: "easy" },
            { name: "Hard", value: "hard" },
          ],
        },
        { type: 3, name: "problem", description: "Problem", autocomplete: true },
        { type: 6, name: "opponent", description: "Who to challenge" },
        { type: 11, name: "code", description: "Your solution" },
      ],
    },
  ],
};

const chartBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The bot under test, in miniature: defers, edits, shows buttons and modals, answers autocomplete. */
async function handleInteraction(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused();
    await interaction.respond([{ name: `Two Sum (${typed})`, value: "two-sum" }]);
  } else if (interaction.isChatInputCommand() && interaction.commandName === "rank") {
    await interaction.deferReply();
    await interaction.editReply({
      content: "Your rating",
      files: [{ attachment: chartBytes, name: "rating.png" }],
    });
    await interaction.followUp({ content: "Tip: link your account", flags: MessageFlags.Ephemeral });
  } else if (interaction.isChatInputCommand()) {
    await interaction.deferReply();
    const opponent = interaction.options.getUser("opponent");
    const code = interaction.options.getAttachment("code");
    const codeText = code === null ? "" : ` code=${await (await fetch(code.url)).text()}`;
    await interaction.editReply({
      content: `Battle ${interaction.options.getString("difficulty", true)} vs ${opponent?.username ?? "nobody"}${codeText}`,
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId("battle:submit").setLabel("Submit").setStyle(ButtonStyle.Primary),
        ),
      ],
    });
  } else if (interaction.isButton()) {
    await interaction.showModal(
      new ModalBuilder()
        .setCustomId("submit-modal")
        .setTitle("Submit code")
        .addLabelComponents(
          new LabelBuilder()
            .setLabel("Code")
            .setTextInputComponent(
              new TextInputBuilder()
                .setCustomId("code")
                .setStyle(TextInputStyle.Paragraph)
                .setMaxLength(4000),
            ),
          new LabelBuilder()
            .setLabel("Language")
            .setTextInputComponent(
              new TextInputBuilder()
                .setCustomId("language")
                .setStyle(TextInputStyle.Short)
                .setRequired(false)
                .setValue("python"),
            ),
        ),
    );
  } else if (interaction.isModalSubmit()) {
    await interaction.reply({
      content: `Got ${interaction.fields.getTextInputValue("code").length} chars of ${interaction.fields.getTextInputValue("language")}`,
      flags: MessageFlags.Ephemeral,
    });
  }
}

describe("interactions between the fake Discord and a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guildId: string;
  let channelId: string;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    ({ guildId, channelId, userId: aliceId } = createArenaGuild(fake));
    bobId = fake.createMember(guildId, { username: "bob" }).id;
    client = await connectClient(fake);
    client.on("interactionCreate", (interaction) => void handleInteraction(interaction));
    await client.application.commands.set(
      [battleCommand, { name: "rank", description: "Your rank" }],
      guildId,
    );
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  /** `/battle create` as alice runs it in #battles. */
  const aliceCreatesBattle = (options: Readonly<Record<string, CommandOptionValue>>): RunCommandInput => ({
    guildId,
    channelId,
    userId: aliceId,
    name: "battle",
    subcommand: "create",
    options,
  });

  it("registers commands with snowflake ids", () => {
    const [command] = fake.commands(guildId);
    expect(command?.name).toBe("battle");
    expect(command?.id).toMatch(/^\d{17,19}$/);
  });

  it("sees the deferral, then the edited reply in the channel", async () => {
    const handle = fake.runCommand(aliceCreatesBattle({ difficulty: "hard", opponent: bobId }));
    const response = await handle.response();
    expect(response.type).toBe(callbackType.deferredChannelMessage);
    const final = await handle.waitForFinal();
    expect(final.content).toBe("Battle hard vs bob");
    expect(fake.messages(channelId).map((message) => message.id)).toContain(final.id);
  });

  it("receives a file edited into a deferred reply, and an ephemeral follow-up", async () => {
    const handle = fake.runCommand({ guildId, channelId, userId: aliceId, name: "rank" });
    const final = await handle.waitForFinal();
    expect(final.content).toBe("Your rating");
    expect(final.attachments.map((attachment) => attachment.filename)).toEqual(["rating.png"]);
    expect(final.attachments[0]?.data.equals(chartBytes)).toBe(true);
    const followUp = await handle.waitForFollowUp();
    expect(followUp.content).toBe("Tip: link your account");
    expect(followUp.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  });

  it("lets the bot download a file attached to an option", async () => {
    const handle = fake.runCommand(
      aliceCreatesBattle({
        difficulty: "easy",
        code: { filename: "main.py", data: "print(1)", contentType: "text/x-python" },
      }),
    );
    expect((await handle.waitForFinal()).content).toBe("Battle easy vs nobody code=print(1)");
  });

  it("submits what the member typed over an input's opening value", async () => {
    const command = fake.runCommand(aliceCreatesBattle({ difficulty: "easy" }));
    const card = await command.waitForFinal();
    const button = fake.pressButton({ message: card, customId: "battle:submit", userId: bobId });
    await button.modal();
    const submit = fake.submitModal({ from: button, fields: { code: "x", language: "" } });
    expect((await submit.waitForFinal()).content).toBe("Got 1 chars of ");
  });

  it("answers autocomplete with the bot's choices", async () => {
    const handle = fake.autocomplete({
      ...aliceCreatesBattle({ difficulty: "easy" }),
      focused: { name: "problem", value: "two" },
    });
    await expect(handle.choices()).resolves.toEqual([{ name: "Two Sum (two)", value: "two-sum" }]);
  });

  it("runs a button that opens a modal, and the modal submit", async () => {
    const command = fake.runCommand(aliceCreatesBattle({ difficulty: "easy" }));
    const card = await command.waitForFinal();
    const button = fake.pressButton({ message: card, customId: "battle:submit", userId: bobId });
    const modal = await button.modal();
    expect(modal.title).toBe("Submit code");
    const submit = fake.submitModal({ from: button, customId: "submit-modal", fields: { code: "x = 1" } });
    const answer = await submit.waitForFinal();
    // The language input was left as it opened, so it submits the value it was filled with.
    expect(answer.content).toBe("Got 5 chars of python");
    expect(answer.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(fake.messages(channelId).map((message) => message.id)).not.toContain(answer.id);
  });

  it("runs a command typed as a member would type it", async () => {
    const handle = fake.runCommandLine({
      guildId,
      channelId,
      userId: aliceId,
      line: "/battle create difficulty:easy opponent:@bob",
    });
    expect((await handle.waitForFinal()).content).toBe("Battle easy vs bob");
  });

  it("refuses options the command does not declare, as Discord's client would", () => {
    expect(() => fake.runCommand(aliceCreatesBattle({ difficulty: "medium" }))).toThrow(/choices/);
  });

  it("names the subcommand a missing option belongs to, and says to quote a value with spaces", () => {
    const typed = (line: string) => () => fake.runCommandLine({ guildId, channelId, userId: aliceId, line });
    expect(typed("/battle create opponent:@bob")).toThrow("/battle create needs option: difficulty");
    expect(typed("/battle create difficulty:easy problem:two sum")).toThrow(
      'Expected option:value, got "sum". A value with spaces goes in quotes: problem:"two sum"',
    );
  });
});
