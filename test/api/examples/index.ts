// The answers of the platform's API reference for the test fixture, by route. Values follow the spec's
// examples.
import { accountExamples } from "./accounts.js";
import { battleExamples } from "./battles.js";
import type { Example, Shape } from "./example.js";
import { tournamentExamples } from "./tournaments.js";
import { webhookExamples } from "./webhooks.js";
import type { FixtureReply } from "../platform-fixture.js";

export type { Shape };

const examples: Record<string, Example> = {
  ...battleExamples,
  ...tournamentExamples,
  ...accountExamples,
  ...webhookExamples,
};

/** The example answer for a request, or undefined when the spec has no such route. */
export function findExample(method: string, path: string, shape: Shape): FixtureReply | undefined {
  for (const [route, example] of Object.entries(examples)) {
    const [routeMethod, routePath = ""] = route.split(" ");
    if (routeMethod !== method) continue;
    const pattern = new RegExp(`^${routePath.replace(":id", "([^/]+)")}$`);
    const match = pattern.exec(path);
    if (match !== null) return example(decodeURIComponent(match[1] ?? ""), shape);
  }
  return undefined;
}
