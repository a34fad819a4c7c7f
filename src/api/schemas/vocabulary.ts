// Allowed values named in the platform's API reference, in one place so commands offer exactly these choices.
// Responses are not checked against them: a new value from the platform must not break a reply.

/** Shape A names `practice`, `realtime`; shape B `quick`, and its error text also `arena`, `team`. */
export const battleTypes = ["practice", "realtime", "quick", "arena", "team"] as const;
export type BattleType = (typeof battleTypes)[number];

export const difficulties = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof difficulties)[number];

export const languages = ["javascript", "python", "java", "cpp"] as const;
export type Language = (typeof languages)[number];

/** Also the values of the GET /tournaments `status` filter. */
export const tournamentStatuses = ["open", "active", "completed"] as const;
export type TournamentStatus = (typeof tournamentStatuses)[number];

export const battleStatuses = ["waiting", "active", "completed"] as const;
export type BattleStatus = (typeof battleStatuses)[number];
