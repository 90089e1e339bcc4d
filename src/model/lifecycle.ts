import type { RegisterItem } from '../register/types.js';

/** Where an item stands on a given day: not yet announced, deprecated, or removed (or due soon). */

export type Lifecycle = 'upcoming' | 'deprecated' | 'removed';

const DAY_MS = 24 * 60 * 60 * 1000;

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface ItemStatus {
  lifecycle: Lifecycle;
  /** Days from now until removal; ≤ 0 once removed. */
  daysToRemoval: number;
}

/** An item counts as removed from its removal date on, or `escalateWithinDays` earlier. */
export function statusOf(item: RegisterItem, now: string, escalateWithinDays: number): ItemStatus {
  const daysToRemoval = daysBetween(now, item.removal);
  if (daysToRemoval <= escalateWithinDays) return { lifecycle: 'removed', daysToRemoval };
  if (daysBetween(item.announced, now) < 0) return { lifecycle: 'upcoming', daysToRemoval };
  return { lifecycle: 'deprecated', daysToRemoval };
}
