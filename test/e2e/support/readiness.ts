// `GET /readyz` of an instance as a load balancer reads it: the status, and the body naming each check.
export interface Readiness {
  readonly status: number;
  readonly body: unknown;
}

export async function readReadiness(baseUrl: string): Promise<Readiness> {
  const response = await fetch(`${baseUrl}/readyz`);
  return { status: response.status, body: await response.json() };
}
