// One member at a keyboard: reads a playground line, acts through the fake Discord, prints what the
// bot answered. Used by the prompt, by scripts and by the smoke test.
import type { InteractionHandle, StoredMessage } from "../fake-discord/index.js";
import { helpText } from "./help-text.js";
import { askChoices } from "./ask-choices.js";
import {
  type AskedOption,
  findAskedOption,
  lineWithChoice,
  type OptionChoice,
  renderChoices,
} from "./option-choices.js";
import { parseFields } from "./parse-fields.js";
import { finishBattle, startTournament } from "./platform-events.js";
import type { PlaygroundOutput } from "./playground-output.js";
import { listControls, renderMessage, renderModal } from "./render-message.js";
import { renderMemberRoles } from "./render-roles.js";
import { renderEvents, renderThreads } from "./render-world.js";
import { Places } from "./places.js";
import { saveAttachments } from "./save-attachments.js";
import type { Playground } from "./start-playground.js";
import { listEventViews } from "./web/event-view.js";
import { viewThread } from "./web/thread-view.js";

const answerTimeoutMs = 15_000;
/** How long the bot may keep working after its first answer (a webhook test waits up to 10 s itself). */
const workTimeoutMs = 60_000;
const progressPollMs = 100;
const callback = { deferredMessage: 5, modal: 9 } as const;
const loadingFlag = 1 << 7;

export class PlaygroundSession {
  private member = "alice";
  private controlsMessage: StoredMessage | undefined;
  private lastInteraction: InteractionHandle | undefined;
  private offered: { asked: AskedOption; choices: readonly OptionChoice[] } | undefined;
  /** Channel posts already printed, so the live watcher and `wait-post` never print one twice. */
  private readonly shownPosts = new Set<string>();

  private readonly places: Places;

  constructor(
    private readonly playground: Playground,
    private readonly output: PlaygroundOutput,
  ) {
    this.places = new Places(playground);
  }

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
      this.output.clearActivity();
      this.output.print(`✖ ${error instanceof Error ? error.message : String(error)}`);
    }
    return true;
  }

  private async runVerb(verb: string, argument: string, words: string[], line: string): Promise<void> {
    const { discord, sandbox } = this.playground;
    const optional = argument === "" ? undefined : argument;
    if (verb.startsWith("/")) {
      const asked = findAskedOption(line);
      if (asked === undefined) await this.show(discord.runCommandLine({ ...this.context(), line }));
      else await this.offerChoices(asked);
    } else if (verb === "pick") {
      await this.pick(Number(argument));
    } else if (verb === "as") {
      this.userIdOf(argument);
      this.member = argument;
      this.output.print(`You are now ${argument}.`);
    } else if (verb === "press") {
      await this.press(Number(words[0]), words.slice(1));
    } else if (verb === "fill") {
      if (this.lastInteraction === undefined) throw new Error("No form is open");
      await this.show(discord.submitModal({ from: this.lastInteraction, fields: parseFields(argument) }));
    } else if (verb === "link") {
      await this.link();
    } else if (verb === "finish") {
      this.output.print(`The platform finished battle ${finishBattle(sandbox, optional)}.`);
    } else if (verb === "start-tournament") {
      this.output.print(`The platform started the tournament ${startTournament(sandbox, optional)}.`);
    } else if (verb === "posts") {
      await this.showPosts(optional ?? "general");
    } else if (verb === "threads") {
      const threads = discord.threads
        .list(this.playground.guildId)
        .map((thread) => viewThread(discord, thread));
      this.output.print(renderThreads(threads, (id) => this.places.channelNameOf(id)));
    } else if (verb === "events") {
      this.output.print(
        renderEvents(listEventViews(discord, this.playground.guildId, this.userIdOf(this.member))),
      );
    } else if (verb === "roles") {
      const guild = discord.guilds().find((each) => each.id === this.playground.guildId);
      this.output.print(
        renderMemberRoles(guild?.name ?? "the server", discord.roles.byMember(this.playground.guildId)),
      );
    } else if (verb === "wait-post") {
      await this.waitForPost(words[0] ?? "", words.slice(1).join(" "));
    } else if (verb === "wait-event") {
      await this.waitForEvent(argument);
    } else if (verb === "help") {
      this.output.print(helpText);
    } else {
      throw new Error(`Unknown command "${verb}"; type help`);
    }
  }

  /** Prints a message (saving its attachments) the way a member sees it. */
  async printMessage(message: StoredMessage, heading?: string): Promise<void> {
    const paths = await saveAttachments(message, this.playground.dataDir);
    const text = renderMessage(message, paths, this.nameOf);
    this.output.print((heading === undefined ? "" : `${heading}\n`) + text);
    if (listControls(message).length > 0) this.controlsMessage = message;
  }

  /**
   * A new post in #announcements or a thread started there, printed unless `wait-post` or `posts` already
   * showed it.
   */
  async announce(post: StoredMessage): Promise<void> {
    if (this.shownPosts.has(post.id)) return;
    this.shownPosts.add(post.id);
    await this.printMessage(post, `📣 new post in ${this.places.placeOf(post.channelId).label}`);
  }

  private readonly nameOf = (userId: string): string | undefined =>
    [...this.playground.members.entries()].find(([, member]) => member.user.id === userId)?.[0];

  private context() {
    const general = this.places.channelIdOf("general");
    return { guildId: this.playground.guildId, channelId: general, userId: this.userIdOf(this.member) };
  }

  private userIdOf(name: string): string {
    const member = this.playground.members.get(name);
    if (member === undefined)
      throw new Error(`No member "${name}"; pick one of ${[...this.playground.members.keys()].join(", ")}`);
    return member.user.id;
  }

  /**
   * Waits for the bot like a member does: a spinner until the first answer, Discord's "thinking…" while a
   * deferred reply is pending, the reply's progress edits on the spinner line, then the answer as it stands
   * once the bot is done.
   */
  private async show(handle: InteractionHandle): Promise<void> {
    this.lastInteraction = handle;
    const bot = this.playground.discord.botUser.username;
    this.output.showActivity(`waiting for ${bot}…`);
    try {
      const answer = await handle.response(answerTimeoutMs);
      if (answer.type === callback.modal && answer.data !== null) {
        this.output.clearActivity();
        this.output.print(renderModal(answer.data));
        return;
      }
      if (answer.type === callback.deferredMessage) this.output.showState(`${bot} is thinking…`);
      await this.followProgress(handle);
    } finally {
      this.output.clearActivity();
    }
    const original = handle.original();
    if (original !== undefined && (original.flags & loadingFlag) !== 0) {
      this.output.print(`${bot} is still thinking… (no answer yet; it may come later)`);
    } else if (original !== undefined) {
      await this.printMessage(original);
    }
    for (const followUp of handle.followUps()) await this.printMessage(followUp);
  }

  /** Until the bot is done with the interaction, shows each edit of its reply on the spinner line. */
  private async followProgress(handle: InteractionHandle): Promise<void> {
    const deadline = Date.now() + workTimeoutMs;
    let shown = "";
    while (Date.now() < deadline) {
      if (await this.playground.finished.waitFor(handle.id, progressPollMs)) return;
      const current = handle.original();
      if (current === undefined || (current.flags & loadingFlag) !== 0) continue;
      const firstLine = renderMessage(current, [], this.nameOf).split("\n")[0] ?? "";
      if (firstLine !== shown) this.output.showActivity(firstLine);
      shown = firstLine;
    }
  }

  /** `/command option:?`: the option's fixed choices, or what the bot's autocomplete suggests. */
  private async offerChoices(asked: AskedOption): Promise<void> {
    const choices = await askChoices(this.playground.discord, this.context(), asked, this.output);
    this.offered = { asked, choices };
    this.output.print(renderChoices(asked, choices));
  }

  private async pick(index: number): Promise<void> {
    const choice = this.offered?.choices[index - 1];
    if (this.offered === undefined || choice === undefined)
      throw new Error("No such choice; ask for some first, e.g. /battle join id:?");
    const line = lineWithChoice(this.offered.asked, choice);
    this.output.print(`→ ${line}`);
    await this.runVerb(line.split(/\s+/)[0] ?? "", "", [], line);
  }

  private async press(index: number, values: readonly string[]): Promise<void> {
    const stored = this.controlsMessage;
    if (stored === undefined) throw new Error("No message with buttons yet");
    const message = this.playground.discord.message(stored.id) ?? stored;
    const controls = listControls(message);
    const control = controls[index - 1];
    if (control === undefined)
      throw new Error(`No button ${String(index)}; the message has ${controls.length}`);
    const target = { message, customId: control.customId, userId: this.userIdOf(this.member) };
    if (control.select === undefined) {
      await this.show(this.playground.discord.pressButton(target));
      return;
    }
    if (values.length === 0) throw new Error(`Menu ${index} needs values: press ${index} <value…>`);
    await this.show(this.playground.discord.selectMenu({ ...target, values }));
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

  private async showPosts(name: string): Promise<void> {
    const place = this.places.placeNamed(name);
    const posts = this.playground.discord.messages(place.id).slice(-10);
    if (posts.length === 0) this.output.print(`${place.label} is empty.`);
    for (const post of posts) {
      this.shownPosts.add(post.id);
      await this.printMessage(post, `— ${place.label}`);
    }
  }

  private async waitForPost(name: string, text: string): Promise<void> {
    // One deadline for both: a thread about to start, then its post.
    const deadline = Date.now() + answerTimeoutMs;
    const place = await this.places.waitForPlace(name, answerTimeoutMs);
    const post = await this.playground.discord.waitForMessage(
      place.id,
      (message) => renderMessage(message, [], this.nameOf).includes(text),
      Math.max(0, deadline - Date.now()),
    );
    this.shownPosts.add(post.id);
    await this.printMessage(post, `— ${place.label} (waited for "${text}")`);
  }

  /** Waits up to 15 s for an event in the Events tab whose name holds `text` (for scripts), then lists them. */
  private async waitForEvent(text: string): Promise<void> {
    const { discord, guildId } = this.playground;
    await discord.scheduledEvents.waitForEvent(
      guildId,
      (event) => event.name.includes(text),
      answerTimeoutMs,
    );
    this.output.print(renderEvents(listEventViews(discord, guildId, this.userIdOf(this.member))));
  }
}
