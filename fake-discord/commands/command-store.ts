import type { APIApplicationCommand } from "discord.js";
import type { SnowflakeGenerator } from "../snowflake.js";

/**
 * Registered application commands, global and per guild. A bulk overwrite keeps the id of a command
 * whose name and type did not change, as Discord does, so deploying twice changes nothing.
 */
export class CommandStore {
  private readonly global = new Map<string, APIApplicationCommand>();
  private readonly guilds = new Map<string, Map<string, APIApplicationCommand>>();

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly applicationId: string,
  ) {}

  list(guildId?: string): APIApplicationCommand[] {
    return [...this.scope(guildId).values()];
  }

  overwrite(bodies: readonly Record<string, unknown>[], guildId?: string): APIApplicationCommand[] {
    const scope = this.scope(guildId);
    const previous = new Map(scope);
    scope.clear();
    for (const body of bodies) {
      const key = commandKey(body);
      scope.set(key, this.toCommand(body, previous.get(key), guildId));
    }
    return [...scope.values()];
  }

  /** Create or update one command by name (POST .../commands). */
  upsert(body: Record<string, unknown>, guildId?: string): APIApplicationCommand {
    const scope = this.scope(guildId);
    const key = commandKey(body);
    const command = this.toCommand(body, scope.get(key), guildId);
    scope.set(key, command);
    return command;
  }

  delete(commandId: string, guildId?: string): boolean {
    const scope = this.scope(guildId);
    for (const [key, command] of scope) {
      if (command.id === commandId) return scope.delete(key);
    }
    return false;
  }

  /** Every command a guild's members may be offered, global and the guild's; guild commands shadow global ones. */
  offeredIn(guildId: string): APIApplicationCommand[] {
    const offered = new Map(this.global);
    for (const [key, command] of this.guilds.get(guildId) ?? []) offered.set(key, command);
    return [...offered.values()];
  }

  /** The command a member sees in a guild: guild commands shadow global ones of the same name. */
  find(guildId: string, name: string, type = 1): APIApplicationCommand | undefined {
    const key = `${type}:${name}`;
    return this.guilds.get(guildId)?.get(key) ?? this.global.get(key);
  }

  private scope(guildId: string | undefined): Map<string, APIApplicationCommand> {
    if (guildId === undefined) return this.global;
    let scope = this.guilds.get(guildId);
    if (scope === undefined) {
      scope = new Map();
      this.guilds.set(guildId, scope);
    }
    return scope;
  }

  private toCommand(
    body: Record<string, unknown>,
    previous: APIApplicationCommand | undefined,
    guildId: string | undefined,
  ): APIApplicationCommand {
    const command: Record<string, unknown> = {
      type: 1,
      description: "",
      default_member_permissions: null,
      dm_permission: true,
      nsfw: false,
      integration_types: [0],
      contexts: null,
      ...body,
      id: previous?.id ?? this.nextId(),
      application_id: this.applicationId,
      version: this.nextId(),
    };
    if (guildId !== undefined) command.guild_id = guildId;
    return command as unknown as APIApplicationCommand;
  }
}

function commandKey(body: Record<string, unknown>): string {
  return `${typeof body.type === "number" ? body.type : 1}:${String(body.name)}`;
}
