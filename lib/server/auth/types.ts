// The auth feature's shared type, below its modules: actor.ts resolves one, tokens.ts and users.ts
// act for one (importing it from actor.ts would tie them in a circle: actor.ts uses both).

/** Who is calling: a signed-in user or an API token, with the teams it acts for. */
export interface Actor {
  via: "session" | "token";
  userId: string | null;
  email: string | null;
  isAdmin: boolean;
  /** teams whose private submissions the actor may see */
  teamIds: string[];
  /** the team a new submission is filed under (a session user with several teams may pick another) */
  teamId: string | null;
  /** the actor's role in each of its teams */
  roles: Record<string, "owner" | "member">;
  /** an API token's public prefix (who acted, in the activity log) */
  tokenPrefix?: string;
}
