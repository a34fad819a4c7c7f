import type { CommandArguments } from "../../discord/command-arguments.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import type { tournamentCommand } from "./data.js";

/** The typed options of one `/tournament` subcommand, from the command's data. */
export type TournamentOptions<Name extends string> = Extract<
  CommandArguments<typeof tournamentCommand>,
  { readonly subcommand: Name }
>["options"];

/** What a subcommand needs from the interaction: who asked, and how to answer. */
export interface SubcommandContext {
  readonly actor: ServerActor;
  readonly responder: InteractionResponder;
}
