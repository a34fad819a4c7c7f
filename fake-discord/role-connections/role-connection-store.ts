import type { APIApplicationRoleConnection, APIApplicationRoleConnectionMetadata } from "discord.js";

/**
 * Linked Roles (docs: Resources, Application Role Connection Metadata): the metadata records the
 * application registered, and each user's role connection as the application last set it.
 */
export class RoleConnectionStore {
  private records: APIApplicationRoleConnectionMetadata[] = [];
  private readonly connections = new Map<string, APIApplicationRoleConnection>();
  private readonly listeners = new Set<(userId: string) => void>();
  /** Every connection the application set for each user, oldest first: tests count the writes. */
  private readonly written = new Map<string, APIApplicationRoleConnection[]>();

  get metadata(): readonly APIApplicationRoleConnectionMetadata[] {
    return this.records;
  }

  /** Update Application Role Connection Metadata Records replaces the whole list. */
  replaceMetadata(records: readonly APIApplicationRoleConnectionMetadata[]): void {
    this.records = [...records];
  }

  /** A user's connection; one never set reads as empty, as Discord answers it. */
  connectionOf(userId: string): APIApplicationRoleConnection {
    return this.connections.get(userId) ?? { platform_name: null, platform_username: null, metadata: {} };
  }

  hasConnection(userId: string): boolean {
    return this.connections.has(userId);
  }

  setConnection(userId: string, connection: APIApplicationRoleConnection): void {
    this.connections.set(userId, connection);
    this.written.set(userId, [...this.writesOf(userId), connection]);
    this.changed(userId);
  }

  /** The connections set for the user (each accepted PUT), oldest first. */
  writesOf(userId: string): readonly APIApplicationRoleConnection[] {
    return this.written.get(userId) ?? [];
  }

  deleteConnection(userId: string): void {
    this.connections.delete(userId);
    this.changed(userId);
  }

  /** Calls `listener` with the user's id after their connection is set or deleted; returns a function that stops it. */
  onChange(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(userId: string): void {
    for (const listener of [...this.listeners]) listener(userId);
  }
}
