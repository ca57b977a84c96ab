import { bouncePercent, GROUP_RATES, riskGroups, type GroupCounts, type RiskGroup } from './quality';

/**
 * What to do about each risk group of a list, and what the list's bounce rate becomes. Actions:
 * `remove` (delete from the list), `suppress` (keep it on the suppression list, never send),
 * `segment` (send apart, at a lower volume), `send_carefully` (send in small batches and watch the
 * bounces), `reverify_later` (hold back and check again on `reverify_after`), `keep`. Groups held
 * back or removed are not sent now; the bounce estimate after an action is the rate of sending to
 * what remains (lists/quality.ts rates). Repeats (`duplicates`) are rows, not addresses: removing
 * them changes the messages sent, not the bounce rate.
 */

export const remediationGroups = [...riskGroups, 'duplicates'] as const;
export type RemediationGroup = (typeof remediationGroups)[number];

export const remediationActions = ['remove', 'suppress', 'segment', 'send_carefully', 'reverify_later', 'keep'] as const;
export type RemediationAction = (typeof remediationActions)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export const GROUP_ACTIONS: Record<RemediationGroup, { action: RemediationAction; reverifyAfterDays?: number; why: string }> = {
  invalid: { action: 'remove', why: 'Every message to them bounces, and bounces hurt the sender’s reputation.' },
  suppressed: { action: 'suppress', why: 'The workspace asked never to send to them.' },
  disposable: { action: 'remove', why: 'Throwaway mailboxes are abandoned within days and are rarely read.' },
  full_inbox: { action: 'reverify_later', reverifyAfterDays: 7, why: 'A full mailbox is often abandoned; check again in a week before sending.' },
  catch_all: { action: 'send_carefully', why: 'The mailbox itself is unconfirmed: send in small batches and remove what bounces.' },
  role: { action: 'segment', why: 'Shared role addresses complain more; send them their own, lower-volume segment.' },
  unknown: { action: 'reverify_later', reverifyAfterDays: 1, why: 'The server did not answer (greylisting, timeouts): a check tomorrow usually settles it.' },
  risky: { action: 'send_carefully', why: 'Deliverable with a risk: send in small batches and watch the bounces.' },
  safe: { action: 'keep', why: 'Accepted by the mail server.' },
  duplicates: { action: 'remove', why: 'Repeats of an address already on the list: the person would get the message twice.' },
};

/** Actions after which the group is still sent to now. */
const SENT_NOW: ReadonlySet<RemediationAction> = new Set(['segment', 'send_carefully', 'keep']);

export interface PlanGroup {
  group: RemediationGroup;
  count: number;
  action: RemediationAction;
  /** ISO date to check these addresses again (`reverify_later` only). */
  reverify_after: string | null;
  why: string;
  /** The list's bounce estimate, in percent, once this group's action alone is applied. */
  expected_bounce_percent_after: number;
}

export type RemediationPlan = {
  bounce_estimate_percent: number;
  /** Once every action is applied: the bounce estimate of what is still sent now. */
  expected_bounce_percent_after: number;
  /** Distinct addresses still sent to now once every action is applied. */
  sendable_now: number;
  groups: PlanGroup[];
};

export function remediationPlan(groups: GroupCounts, duplicates: number, now: Date): RemediationPlan {
  const sentAfter = (withheld: ReadonlySet<RiskGroup>) => riskGroups.filter((group) => !withheld.has(group));
  const heldBack = (group: RiskGroup) => !SENT_NOW.has(GROUP_ACTIONS[group].action);
  const allWithheld = new Set(riskGroups.filter(heldBack));
  const sent = sentAfter(allWithheld);
  return {
    bounce_estimate_percent: bouncePercent(groups, riskGroups),
    expected_bounce_percent_after: bouncePercent(groups, sent),
    sendable_now: sent.reduce((sum, group) => sum + groups[group], 0),
    groups: remediationGroups.map((group) => {
      const rule = GROUP_ACTIONS[group];
      const alone = group !== 'duplicates' && heldBack(group) ? new Set<RiskGroup>([group]) : new Set<RiskGroup>();
      return {
        group,
        count: group === 'duplicates' ? duplicates : groups[group],
        action: rule.action,
        reverify_after: rule.reverifyAfterDays ? new Date(now.getTime() + rule.reverifyAfterDays * DAY_MS).toISOString().slice(0, 10) : null,
        why: rule.why,
        expected_bounce_percent_after: bouncePercent(groups, sentAfter(alone)),
      };
    }),
  };
}

/** The groups an export of these actions covers. */
export function groupsForActions(actions: readonly RemediationAction[]): RemediationGroup[] {
  return remediationGroups.filter((group) => actions.includes(GROUP_ACTIONS[group].action));
}

export const groupDescriptions = Object.fromEntries(
  remediationGroups.map((group) => [group, group === 'duplicates' ? 'Rows repeating an earlier address.' : GROUP_RATES[group].description]),
) as Record<RemediationGroup, string>;
