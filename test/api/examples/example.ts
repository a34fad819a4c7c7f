import type { FixtureReply } from "../platform-fixture.js";

export type Shape = "A" | "B";

/** Builds the answer for one route; `id` is the path parameter, echoed back like the platform does. */
export type Example = (id: string, shape: Shape) => FixtureReply;
