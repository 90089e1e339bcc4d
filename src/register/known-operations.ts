import type { Operation } from './types.js';

/**
 * Glean operations that are not deprecated but share a path with one that is. The URL matcher needs
 * them to tell a use of a deprecated operation from a use of its neighbour: the most specific path
 * template wins, and the method decides between operations on one path.
 */
export const knownOperations: readonly Operation[] = [
  // SDK `client.agents.update`: same path as the deprecated GET.
  { method: 'POST', path: '/rest/api/v1/agents/{agent_id}' },
  // SDK `client.governance.data.policies.update`: same path as the GET that hosts the policy fields.
  { method: 'POST', path: '/rest/api/v1/governance/data/policies/{id}' },
];
