import type { FieldError } from "../discord-errors.js";

export type FieldPath = readonly (string | number)[];

/** Collects field errors while a body is walked, in Discord's wording (BASE_TYPE_* codes). */
export class FieldErrorCollector {
  readonly errors: FieldError[] = [];

  add(path: FieldPath, code: string, message: string): void {
    this.errors.push({ path, code, message });
  }

  maxLength(path: FieldPath, value: unknown, limit: number): void {
    if (typeof value === "string" && value.length > limit) {
      this.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${limit} or fewer in length.`);
    }
  }

  maxItems(path: FieldPath, value: readonly unknown[], limit: number): void {
    if (value.length > limit) this.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${limit} or fewer in length.`);
  }

  /**
   * Text Discord reads with its surrounding whitespace stripped, so that whitespace alone is as empty: an
   * embed field's name or value, a footer's text, an author's name (a bot that wants a blank one sends a
   * zero-width space, which is not whitespace).
   */
  requiredText(path: FieldPath, value: unknown): boolean {
    return this.required(path, typeof value === "string" ? value.trim() : value);
  }

  required(path: FieldPath, value: unknown): boolean {
    if (value === undefined || value === null || value === "") {
      this.add(path, "BASE_TYPE_REQUIRED", "This field is required");
      return false;
    }
    return true;
  }

  string(path: FieldPath, value: unknown): value is string | undefined {
    if (value === undefined || typeof value === "string") return true;
    this.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.");
    return false;
  }

  array(path: FieldPath, value: unknown): value is unknown[] | undefined {
    if (value === undefined || Array.isArray(value)) return true;
    this.add(path, "LIST_TYPE_CONVERT", "Must be an array.");
    return false;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an optional list; anything that is not an array reads as empty (the type error is reported apart). */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function textLength(value: unknown): number {
  return typeof value === "string" ? value.length : 0;
}
