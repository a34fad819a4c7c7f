// One member at a keyboard: reads a playground line, acts through the fake Discord, prints what the
// bot answered. Used by the prompt, by scripts and by the smoke test.
import type { InteractionHandle, StoredMessage } from "../fake-discord/index.js";
import { helpText } from "./help-text.js";
import { parseFields } from "./parse-fields.js";
import { listButtons, renderMessage, renderModal } from "./render-message.js";
import { saveAttachments } from "./save-attachments.js";
import type { Playground } from "./start-playground.js";

const answerTimeoutMs = 15_000;
const modalCallback = 9;

export class PlaygroundSession {
  private member = "alice";
  private buttonsMessage: StoredMessage | undefined;
  private lastInteraction: InteractionHandle | undefined;

  constructor(
    private readonly playground: Playground,
    private readonly print: (text: string) => void,
  ) {}

  get currentMember(): string {
    return this.member;
  }

  /** Runs one line; resolves false after `quit`. Mistakes are printed, never thrown. */
  async runLine(line: string): Promise<boolean> {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return true;
    const [verb = "", ...rest] = trimmed.split(/\s+/);
    const argument = trimmed.slice(verb.length).trim();
    try {
      if (verb === "quit" || verb === "exit") return false;
      await this.runVerb(verb, argument, rest, trimmed);
    } catch (error) {
      this.print(`✖ ${error instanceof Error ? error.message : String(error)}`);
    }
    return true;
  }

  private async runVerb(verb: string, argument: string, words: string[], line: string): Promise<void> {
    const { discord, sandbox } = this.playground;
    if (verb.startsWith("/")) {
      await this.show(discord.runCommandLine({ ...this.context(), line }));
    } else if (verb === "as") {
      this.userIdOf(argument);
      this.member = argument;
      this.print(`You are now ${argument}.`);
    } else if (verb === "press") {
      await this.press(Number(argument));
    } else if (verb === "fill") {
      if (this.lastInteraction === undefined) throw new Error("No form is open");
      await this.show(discord.submitModal({ from: this.lastInteraction, fields: parseFields(argument) }));
    } else if (verb === "link") {
      await this.link();
    } else if (verb === "finish") {
      sandbox.control.finishBattle(argument);
      this.print(`The platform finished battle ${argument}.`);
    } else if (verb === "start-tournament") {
      sandbox.control.startTournament(argument);
      this.print(`The platform started tournament ${argument}.`);
    } else if (verb === "posts") {
      await this.showPosts(argument === "" ? "general" : argument);
    } else if (verb === "wait-post") {
      await this.waitForPost(words[0] ?? "", words.slice(1).join(" "));
    } else if (verb === "help") {
      this.print(helpText);
    } else {
      throw new Error(`Unknown command "${verb}"; type help`);
    }
  }

  /** Prints a message (saving its attachments) the way a member sees it. */
  async printMessage(message: StoredMessage, heading?: string): Promise<void> {
    const paths = await saveAttachments(message, this.playground.dataDir);
    this.print((heading === undefined ? "" : `${heading}\n`) + renderMessage(message, paths, this.nameOf));
    if (listButtons(message).length > 0) this.buttonsMessage = message;
  }

  private readonly nameOf = (userId: string): string | undefined =>
    [...this.playground.members.entries()].find(([, member]) => member.user.id === userId)?.[0];

  private context() {
    const general = this.channelIdOf("general");
    return { guildId: this.playground.guildId, channelId: general, userId: this.userIdOf(this.member) };
  }

  private userIdOf(name: string): string {
    const member = this.playground.members.get(name);
    if (member === undefined)
      throw new Error(`No member "${name}"; pick one of ${[...this.playground.members.keys()].join(", ")}`);
    return member.user.id;
  }

  private channelIdOf(name: string): string {
    const id = this.playground.channels.get(name.replace(/^#/, ""));
    if (id === undefined)
      throw new Error(`No channel "${name}"; pick one of ${[...this.playground.channels.keys()].join(", ")}`);
    return id;
  }

  private async show(handle: InteractionHandle): Promise<void> {
    this.lastInteraction = handle;
    const callback = await handle.response(answerTimeoutMs);
    if (callback.type === modalCallback && callback.data !== null) {
      this.print(renderModal(callback.data));
      return;
    }
    await this.printMessage(await handle.waitForFinal(answerTimeoutMs));
    for (const followUp of handle.followUps()) await this.printMessage(followUp);
  }

  private async press(index: number): Promise<void> {
    const stored = this.buttonsMessage;
    if (stored === undefined) throw new Error("No message with buttons yet");
    const message = this.playground.discord.message(stored.id) ?? stored;
    const button = listButtons(message)[index - 1];
    if (button === undefined)
      throw new Error(`No button ${String(index)}; the message has ${listButtons(message).length}`);
    const userId = this.userIdOf(this.member);
    await this.show(this.playground.discord.pressButton({ message, customId: button.customId, userId }));
  }

  /** The quick path of /link: "Use an API key" with the member's seeded sandbox key. */
  private async link(): Promise<void> {
    const member = this.playground.members.get(this.member);
    const key = this.playground.sandbox.keys.find((seeded) => seeded.username === member?.platformUsername);
    if (key === undefined) throw new Error(`The sandbox has no key for ${this.member}`);
    const { discord } = this.playground;
    const prompt = await discord.runCommandLine({ ...this.context(), line: "/link" }).waitForFinal();
    const press = discord.pressButton({
      message: prompt,
      customId: "link:api-key",
      userId: this.userIdOf(this.member),
    });
    await press.modal(answerTimeoutMs);
    await this.show(discord.submitModal({ from: press, fields: { key: key.key } }));
  }

  private async showPosts(channel: string): Promise<void> {
    const posts = this.playground.discord.messages(this.channelIdOf(channel)).slice(-10);
    if (posts.length === 0) this.print(`#${channel} is empty.`);
    for (const post of posts) await this.printMessage(post, `— #${channel}`);
  }

  private async waitForPost(channel: string, text: string): Promise<void> {
    const post = await this.playground.discord.waitForMessage(
      this.channelIdOf(channel),
      (message) => renderMessage(message, [], this.nameOf).includes(text),
      answerTimeoutMs,
    );
    await this.printMessage(post, `— #${channel} (waited for "${text}")`);
  }
}
