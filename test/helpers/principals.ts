import type { ApiResponse, TestServer } from './server.js';

export const PRINCIPALS = ['admin', 'member', 'scopedRead', 'scopedWrite', 'otherOrg'] as const;
export type Who = (typeof PRINCIPALS)[number];

/** The tag the scoped keys are bound to. */
export const SCOPED_TAG = 'scoped_tag';

/**
 * One key per kind of caller: the default org's admin, an ordinary (member, write) key of the same
 * org, keys scoped to SCOPED_TAG with read and with write permission, and an admin of another org.
 */
export async function createPrincipals(server: TestServer): Promise<Record<Who, string>> {
  return {
    admin: server.adminKey,
    member: await server.createKey({ role: 'member', permission: 'write', name: 'ordinary' }),
    scopedRead: await server.createKey({ containerTags: [SCOPED_TAG], permission: 'read', name: 'scoped read' }),
    scopedWrite: await server.createKey({ containerTags: [SCOPED_TAG], permission: 'write', name: 'scoped write' }),
    otherOrg: await server.createKey({ orgName: 'other-org', role: 'admin', name: 'other org admin' }),
  };
}

export interface MatrixRow {
  route: string;
  /** Makes the call as `who`; fixtures the call destroys are created per caller. */
  call: (key: string, who: Who) => Promise<ApiResponse>;
  expected: Record<Who, number>;
}

/** Runs every row for every caller and returns the mismatches, so one assertion shows them all. */
export async function runMatrix(keys: Record<Who, string>, rows: MatrixRow[]): Promise<string[]> {
  const mismatches: string[] = [];
  for (const row of rows) {
    for (const who of PRINCIPALS) {
      const res = await row.call(keys[who], who);
      if (res.status !== row.expected[who]) {
        mismatches.push(`${row.route} as ${who}: expected ${row.expected[who]}, got ${res.status} ${JSON.stringify(res.body)}`);
      } else if (res.status >= 400 && (typeof res.body?.error !== 'string' || Object.keys(res.body).some((k) => k !== 'error' && k !== 'details'))) {
        mismatches.push(`${row.route} as ${who}: error body not in the {error, details?} shape: ${JSON.stringify(res.body)}`);
      }
    }
  }
  return mismatches;
}
