import type { core } from "zod/mini";
import type { FieldError } from "../discord-errors.js";
import type { FieldPath } from "./field-checks.js";

type Issue = core.$ZodIssue;

/**
 * Turns the issues of a spec schema into Discord's field errors: the field's path, a BASE_TYPE_* or
 * *_TYPE_* code, and the message Discord words for that rule, with the limit the schema holds ("Must be
 * 256 or fewer in length."). A rule Discord has no wording for keeps its BASE_TYPE_INVALID code.
 */
export function describeSpecIssues(issues: readonly Issue[], prefix: FieldPath = []): FieldError[] {
  return issues.flatMap((issue) => describeIssue(issue, [...prefix, ...issue.path.map(pathSegment)]));
}

function describeIssue(issue: Issue, path: FieldPath): FieldError[] {
  switch (issue.code) {
    case "too_big":
      return [describeBound(path, issue.origin, "max", Number(issue.maximum))];
    case "too_small":
      return [describeBound(path, issue.origin, "min", Number(issue.minimum))];
    case "invalid_type":
      return [describeWrongType(path, issue.expected, issue.input)];
    case "invalid_value":
      return [
        {
          path,
          code: "BASE_TYPE_CHOICES",
          message: `Value must be one of (${issue.values.map(String).join(", ")}).`,
        },
      ];
    case "invalid_format":
      return [describeFormat(path, issue.format, issue.input)];
    case "invalid_union":
      return describeUnion(issue.errors, path);
    case "custom":
      return [describeCustom(path, issue)];
    default:
      return [{ path, code: "BASE_TYPE_INVALID", message: issue.message }];
  }
}

/**
 * A union fails every one of its branches. Discord names the branch the value meant, told by its `type`
 * (an embed's action row, a callback of type 4): a branch whose `type` matched, or else one whose shape
 * did, with the fewest complaints. When no branch takes the `type`, the `type` itself is wrong.
 */
function describeUnion(branches: readonly (readonly Issue[])[], path: FieldPath): FieldError[] {
  const refusesType = (issues: readonly Issue[]) =>
    issues.some((issue) => issue.code === "invalid_value" && isPath(issue.path, ["type"]));
  const refusesShape = (issues: readonly Issue[]) =>
    issues.some((issue) => issue.code === "invalid_type" && issue.path.length === 0);
  const typed = branches.filter((issues) => !refusesType(issues));
  if (typed.length === 0) {
    const types = branches.flatMap((issues) =>
      issues.flatMap((issue) =>
        issue.code === "invalid_value" && isPath(issue.path, ["type"]) ? issue.values : [],
      ),
    );
    return [
      {
        path: [...path, "type"],
        code: "UNION_TYPE_CHOICES",
        message: `Value of field "type" must be one of (${types.map(String).join(", ")}).`,
      },
    ];
  }
  const shaped = typed.filter((issues) => !refusesShape(issues));
  const candidates = shaped.length > 0 ? shaped : typed;
  const closest = candidates.reduce((best, issues) => (issues.length < best.length ? issues : best));
  return describeSpecIssues(closest, path);
}

function describeBound(path: FieldPath, origin: string, side: "max" | "min", limit: number): FieldError {
  if (origin === "number" || origin === "int" || origin === "bigint") {
    return side === "max"
      ? { path, code: "NUMBER_TYPE_MAX", message: `int value should be less than or equal to ${limit}.` }
      : { path, code: "NUMBER_TYPE_MIN", message: `int value should be greater than or equal to ${limit}.` };
  }
  return side === "max"
    ? { path, code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${limit} or fewer in length.` }
    : { path, code: "BASE_TYPE_MIN_LENGTH", message: `Must be ${limit} or more in length.` };
}

function describeWrongType(path: FieldPath, expected: string, input: unknown): FieldError {
  if (input === undefined) return { path, code: "BASE_TYPE_REQUIRED", message: "This field is required" };
  switch (expected) {
    case "string":
      return { path, code: "STRING_TYPE_CONVERT", message: "Could not interpret value as string." };
    case "boolean":
      return { path, code: "BOOLEAN_TYPE_CONVERT", message: "Must be either true or false." };
    case "number":
    case "int":
      return { path, code: "NUMBER_TYPE_COERCE", message: `Value "${show(input)}" is not int.` };
    case "array":
      return { path, code: "LIST_TYPE_CONVERT", message: "Must be an array." };
    case "object":
      return { path, code: "MODEL_TYPE_CONVERT", message: "Only dictionaries may be used in a ModelType" };
    default:
      return { path, code: "BASE_TYPE_INVALID", message: `Must be of type ${expected}.` };
  }
}

function describeFormat(path: FieldPath, format: string, input: unknown): FieldError {
  if (format === "url") return { path, code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL." };
  if (format === "datetime") {
    return { path, code: "DATE_TYPE_PARSE", message: `Could not parse ${show(input)}. Should be ISO8601.` };
  }
  return { path, code: "BASE_TYPE_INVALID", message: `Must be a valid ${format}.` };
}

/** Custom checks (the fake's own, see spec-bodies.ts) carry Discord's code in their params. */
function describeCustom(path: FieldPath, issue: core.$ZodIssueCustom): FieldError {
  const code = typeof issue.params?.discordCode === "string" ? issue.params.discordCode : "BASE_TYPE_INVALID";
  if (code === "NUMBER_TYPE_COERCE")
    return { path, code, message: `Value "${show(issue.input)}" is not int.` };
  return { path, code, message: issue.message };
}

function isPath(path: readonly PropertyKey[], expected: readonly string[]): boolean {
  return path.length === expected.length && path.every((segment, index) => segment === expected[index]);
}

function pathSegment(segment: PropertyKey): string | number {
  return typeof segment === "number" ? segment : String(segment);
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
