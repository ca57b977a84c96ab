import { z } from 'zod';
import type { IntakeEntry } from './intake-entry';

/** The fields of GitHub's release object (REST API and `release` webhook payloads) that intake reads. */
export const githubReleaseSchema = z.object({
  id: z.number().int(),
  tag_name: z.string(),
  name: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  html_url: z.string().nullable().optional(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
  published_at: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});

export type GithubRelease = z.infer<typeof githubReleaseSchema>;

/** Drafts are not releases yet: GitHub shows them only to people with push access. */
export function isPublished(release: GithubRelease): boolean {
  return release.draft !== true;
}

export function entryOfGithubRelease(release: GithubRelease): IntakeEntry {
  const date = (value: string | null | undefined) => {
    if (!value) return null;
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  };
  return {
    externalId: String(release.id),
    version: release.tag_name,
    title: release.name?.trim() || release.tag_name,
    notes: (release.body ?? '').replace(/\r\n/g, '\n'),
    url: release.html_url?.startsWith('https://') ? release.html_url : null,
    publishedAt: date(release.published_at) ?? date(release.created_at),
    updatedAt: date(release.updated_at),
    prerelease: release.prerelease === true,
  };
}

/** What the `release` webhook's actions mean for intake. */
export function webhookActionEffect(action: string): 'ingest' | 'ignore' {
  return ['published', 'released', 'prereleased', 'created', 'edited'].includes(action) ? 'ingest' : 'ignore';
}
