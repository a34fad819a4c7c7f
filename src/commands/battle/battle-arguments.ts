import type { Actor } from "../../discord/interaction-handlers.js";
import type { CommandArguments } from "../../discord/command-arguments.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import type { battleCommand } from "./data.js";

export type BattleArguments = CommandArguments<typeof battleCommand>;

/** The typed options of one `/battle` subcommand. */
export type BattleOptionsOf<Name extends BattleArguments["subcommand"]> = Extract<
  BattleArguments,
  { subcommand: Name }
>["options"];

/** What a subcommand needs from the interaction. */
export interface SubcommandContext {
  readonly actor: Actor;
  readonly responder: InteractionResponder;
}
