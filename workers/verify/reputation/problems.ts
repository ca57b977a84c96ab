import type { Finding, FindingStatus } from './finding';

/** One thing a check found wrong (or worth knowing), with the status it implies and its fix. */
export interface Problem {
  status: Exclude<FindingStatus, 'pass'>;
  text: string;
  fix: string | null;
}

const SEVERITY: Record<FindingStatus, number> = { pass: 0, warn: 1, unknown: 2, fail: 3 };

/** The worst status among `statuses`; `pass` when there is none. */
export function worstStatus(statuses: FindingStatus[]): FindingStatus {
  return statuses.reduce<FindingStatus>((worst, status) => (SEVERITY[status] > SEVERITY[worst] ? status : worst), 'pass');
}

/** A finding from what a check saw: the worst problem sets the status, every problem is told and fixed. */
export function findingFrom<D>(input: { passSummary: string; problems: Problem[]; records: string[]; explanation: string; details: D }): Finding<D> {
  const { problems } = input;
  const fixes = [...new Set(problems.map((problem) => problem.fix).filter((fix): fix is string => fix !== null))];
  return {
    status: worstStatus(problems.map((problem) => problem.status)),
    summary: problems.length === 0 ? input.passSummary : problems.map((problem) => problem.text).join(' '),
    records: input.records,
    explanation: input.explanation,
    fix: fixes.length === 0 ? null : fixes.join(' '),
    details: input.details,
  };
}
