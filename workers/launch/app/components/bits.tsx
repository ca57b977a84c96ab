import { formatInZone } from '../../domain/zoned-time';

const statusTone: Record<string, 'ok' | 'warn' | 'bad' | undefined> = {
  approved: 'ok',
  scheduled: 'ok',
  published: 'ok',
  in_review: 'warn',
  changes_requested: 'warn',
  pending: 'warn',
  publishing: 'warn',
  rejected: 'bad',
  failed: 'bad',
};

/** A post or delivery state as words, coloured by whether it needs attention (the words carry the meaning too). */
export function StatusBadge(props: { status: string }) {
  return <span class={`badge ${statusTone[props.status] ?? ''}`}>{props.status.replace('_', ' ')}</span>;
}

export const decisionWords: Record<string, string> = { approve: 'approved', reject: 'rejected', request_changes: 'asked for changes' };

/** A time in the reader's zone, with the exact instant for machines and tooltips. */
export function Time(props: { at: Date | string; zone: string }) {
  const iso = new Date(props.at).toISOString();
  return (
    <time datetime={iso} title={iso}>
      {formatInZone(iso, props.zone)}
    </time>
  );
}

export const channelNamesForPeople: Record<string, string> = { x: 'X', linkedin: 'LinkedIn', bluesky: 'Bluesky', mastodon: 'Mastodon', threads: 'Threads' };
